// The dashboard's Bookings tab against the real server (test-support/dashboard.tsx): live requests with their fields
// and status colours, Generate Contract for Confirmed ones, search and the New badge, and status changes that e-mail
// the client only after she saw the mail, with Undo.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STATUS_COLORS, type BookingRequest } from '@studio/shared/domain';
import { bookingListQuerySchema } from '@studio/shared/schemas';
import { photoshootService } from '../test-support/bookings';
import { longestAccepted } from '../test-support/schema-bounds';
import {
  cardOf,
  cards,
  booking,
  id,
  memory,
  renderApp,
  server,
  signedInEachTest,
  start,
  XSS,
} from '../test-support/dashboard';

signedInEachTest();

describe('bookings', () => {
  test('every request, newest first, with its fields; a name with markup is text', async () => {
    await renderApp();
    expect(cards().map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      XSS,
      'Middle Client',
      'Oldest Client',
      'Declined Client',
    ]);
    expect(document.querySelector('img')).toBeNull();
    const card = cardOf('Oldest Client');
    // Compact until opened (she reads them on her phone): the fields show on Details.
    expect(within(card).queryByText('b1@example.com')).not.toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Details' }));
    for (const text of [
      'b1@example.com',
      '(555) 000-1111',
      '$350',
      'Standard',
      '50% upfront, 50% upon completion',
      'Studio',
      'Tempe',
      'Description of Oldest Client',
    ]) {
      expect(within(card).getAllByText(text).length).toBeGreaterThan(0);
    }
    // E-mail and phone are tappable, the phone dialled in E.164.
    expect(within(card).getByRole('link', { name: 'b1@example.com' })).toHaveAttribute('href', 'mailto:b1@example.com');
    expect(within(card).getByRole('link', { name: '(555) 000-1111' })).toHaveAttribute('href', 'tel:+15550001111');
  });

  test('a card is compact: who, what and when; Details (aria-expanded) opens its filled fields, never an empty one', async () => {
    await start({
      services: [photoshootService],
      bookings: [
        {
          ...booking('b1', 'Sparse Client', 'New', '2030-01-01T10:00:00.000Z'),
          phone: '',
          date: '',
          consultationDate: '',
          consultationLocation: '',
          location: '',
          smsOptIn: false,
          description: 'Only the basics.',
        },
        booking('b2', 'Full Client', 'New', '2030-01-02T10:00:00.000Z'),
      ],
    });
    await renderApp();
    const sparse = cardOf('Sparse Client');
    const toggle = within(sparse).getByRole('button', { name: 'Details' });
    // Closed: the name, the service and its package, the status; no field list, no description.
    expect(within(sparse).getByText('Photoshoot · Standard')).toBeInTheDocument();
    expect(within(sparse).getByRole('combobox')).toHaveValue('New');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const region = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(region).not.toBeVisible();
    expect(within(sparse).queryByText('Only the basics.')).not.toBeInTheDocument();
    // The shoot's date shows on the closed card when there is one.
    expect(within(cardOf('Full Client')).getByText('Wed, May 1, 2030')).toBeInTheDocument();

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(region).toBeVisible();
    const labels = within(region)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(labels).toEqual(['Reference', 'Email', 'Service', 'Package', 'Price', 'Payment schedule', 'Received']);
    expect(within(region).queryByText('—')).not.toBeInTheDocument();
    expect(within(region).getByText('Only the basics.')).toBeInTheDocument();
    // The full request lists its phone, dates and places once opened.
    const full = cardOf('Full Client');
    fireEvent.click(within(full).getByRole('button', { name: 'Details' }));
    for (const label of [
      'Phone',
      'Preferred date',
      'Location',
      'Consultation date',
      'Consultation location',
      'SMS opt-in',
    ])
      expect(within(full).getByText(label)).toBeInTheDocument();

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(region).not.toBeVisible();
  });

  test('the status dropdown shows the status colour: New red, Contacted yellow, Confirmed blue, Declined pink', async () => {
    await renderApp();
    const expected: Array<[string, BookingRequest['status'], string]> = [
      ['Oldest Client', 'New', 'red'],
      ['Middle Client', 'Contacted', 'yellow'],
      [XSS, 'Confirmed', 'blue'],
      ['Declined Client', 'Declined', 'pink'],
    ];
    for (const [name, status, color] of expected) {
      const select = within(cardOf(name)).getByRole('combobox');
      expect(select).toHaveValue(status);
      expect(select).toHaveAttribute('data-color', color);
      expect(select).toHaveStyle({
        backgroundColor: STATUS_COLORS[status].background,
        color: STATUS_COLORS[status].text,
      });
    }
  });

  test('Generate Contract shows only for Confirmed requests, and follows a status change', async () => {
    await renderApp();
    expect(screen.getAllByRole('button', { name: 'Generate Contract' })).toHaveLength(1);
    expect(within(cardOf(XSS)).getByRole('button', { name: 'Generate Contract' })).toBeInTheDocument();
    await chooseStatus('Oldest Client', 'Confirmed');
    expect(within(cardOf('Oldest Client')).getByRole('combobox')).toHaveValue('Confirmed');
    expect(within(cardOf('Oldest Client')).getByRole('combobox')).toHaveAttribute('data-color', 'blue');
    expect(screen.getAllByRole('button', { name: 'Generate Contract' })).toHaveLength(2);
    expect((await memory.bookings.list()).items.find((b) => b.id === id.b1)?.status).toBe('Confirmed');
  });

  test('a failed status save says so and keeps the saved status', async () => {
    server.failRequests('PATCH /api/admin/bookings/');
    await renderApp();
    const select = within(cardOf('Oldest Client')).getByRole('combobox');
    await chooseStatus('Oldest Client', 'Declined');
    // The dialog stays open with the failure; closing it leaves the saved status.
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      'Network error: the server could not be reached.',
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(select).toHaveValue('New');

    // A change that mails nobody saves at once, and its failure shows on the card.
    await act(async () => {
      fireEvent.change(within(cardOf(XSS)).getByRole('combobox'), { target: { value: 'New' } });
    });
    await server.settle();
    expect(within(cardOf(XSS)).getByRole('alert')).toHaveTextContent('Failed to update status. Please try again.');
    expect(within(cardOf(XSS)).getByRole('combobox')).toHaveValue('Confirmed');
  });

  test("a status change shows from the server's answer, before the live stream sends anything", async () => {
    const subscribe = memory.bookings.subscribe;
    // A stream that says it is live and then falls silent, as a slow server-sent events connection would.
    memory.bookings.subscribe = (onChange, onError) => {
      let sent = false;
      return subscribe((change) => {
        if (!sent) onChange(change);
        sent = true;
      }, onError);
    };
    await renderApp();
    await chooseStatus('Oldest Client', 'Confirmed');
    expect(within(cardOf('Oldest Client')).getByRole('combobox')).toHaveValue('Confirmed');
    expect(within(cardOf('Oldest Client')).getByRole('button', { name: 'Generate Contract' })).toBeInTheDocument();
  });

  test('the list is live: a change made elsewhere shows without reload', async () => {
    await renderApp();
    await act(async () => {
      await memory.bookings.updateStatus(id.b3!, 'Declined');
    });
    // Told by the live stream.
    await waitFor(() => expect(within(cardOf('Middle Client')).getByRole('combobox')).toHaveValue('Declined'));
  });
});

/** Chooses a status that e-mails the client: the preview dialog opens; types her message and saves. */
async function chooseStatus(name: string, status: BookingRequest['status'], message = '') {
  await act(async () => {
    fireEvent.change(within(cardOf(name)).getByRole('combobox'), { target: { value: status } });
  });
  await server.settle();
  const dialog = screen.getByRole('dialog');
  if (message)
    fireEvent.change(within(dialog).getByLabelText('Personal message (optional)'), { target: { value: message } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and e-mail client' }));
  });
  await server.settle();
}

describe('search and the New badge', () => {
  const names = () => [...document.querySelectorAll('article h3')].map((h) => h.textContent);
  test('the badge counts New requests only, and follows a status change and a new request live', async () => {
    await renderApp();
    const badge = () => screen.getByTestId('new-count');
    expect(badge()).toHaveTextContent('1 new request');
    await act(async () => {
      await memory.bookings.updateStatus(id.b3!, 'New');
    });
    expect(await screen.findByText('2 new requests')).toBeInTheDocument();
    await chooseStatus('Oldest Client', 'Contacted');
    await chooseStatus('Middle Client', 'Confirmed');
    await waitFor(() => expect(screen.queryByTestId('new-count')).toBeNull());
  });

  test('the search takes as many characters as the server accepts, no more', async () => {
    await renderApp();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute(
      'maxlength',
      String(longestAccepted(bookingListQuerySchema.shape.q)),
    );
  });

  test('search by name, e-mail or reference; no match says so; a live change that does not match stays out', async () => {
    await renderApp();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'middle' } });
    await waitFor(() => expect(names()).toEqual(['Middle Client']));
    fireEvent.change(search, { target: { value: 'B4@EXAMPLE' } });
    await waitFor(() => expect(names()).toEqual(['Declined Client']));
    fireEvent.change(search, { target: { value: 'nobody here' } });
    expect(await screen.findByText('No requests match “nobody here”.')).toBeInTheDocument();

    fireEvent.change(search, { target: { value: 'oldest' } });
    await waitFor(() => expect(names()).toEqual(['Oldest Client']));
    await act(async () => {
      await memory.bookings.updateStatus(id.b3!, 'Declined');
    });
    expect(names()).toEqual(['Oldest Client']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(names()).toHaveLength(4));
  });
});

describe('deliberate status changes', () => {
  test('the dialog previews the mail with her message; Cancel changes nothing', async () => {
    await renderApp();
    await act(async () => {
      fireEvent.change(within(cardOf('Oldest Client')).getByRole('combobox'), { target: { value: 'Contacted' } });
    });
    await server.settle();
    const dialog = screen.getByRole('dialog', { name: "Mark Oldest Client's request Contacted?" });
    fireEvent.change(within(dialog).getByLabelText('Personal message (optional)'), {
      target: { value: 'Could we talk on Thursday?' },
    });
    const preview = within(dialog).getByTestId('status-mail-preview');
    expect(preview).toHaveTextContent('Hi Oldest Client,');
    expect(preview).toHaveTextContent('is now in progress.');
    expect(within(preview).getByText('Could we talk on Thursday?').tagName).toBe('BLOCKQUOTE');
    expect(dialog).toHaveTextContent(
      'The e-mail below leaves 10 seconds after you save; until then you can undo the change.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(cardOf('Oldest Client')).getByRole('combobox')).toHaveValue('New');
    expect((await memory.bookings.list()).items.find((b) => b.id === id.b1)?.status).toBe('New');
  });

  test('after saving: "Client e-mailed" with Undo, which puts the status back', async () => {
    await renderApp();
    await chooseStatus('Oldest Client', 'Confirmed', 'See you at the studio.');
    const card = cardOf('Oldest Client');
    expect(within(card).getByRole('status')).toHaveTextContent('Client e-mailed');
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Undo' }));
    });
    await server.settle();
    expect(within(card).getByRole('combobox')).toHaveValue('New');
    expect(within(card).getByRole('status')).toHaveTextContent('Change undone; nothing was sent.');
    expect((await memory.bookings.list()).items.find((b) => b.id === id.b1)?.status).toBe('New');
  });

  test('Undo is offered for 10 seconds only', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      await renderApp();
      await chooseStatus('Oldest Client', 'Declined');
      const card = cardOf('Oldest Client');
      expect(within(card).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(9_900));
      expect(within(card).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(200));
      expect(within(card).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
      expect(within(card).getByRole('status')).toHaveTextContent('Client e-mailed');
    } finally {
      jest.useRealTimers();
    }
  });
});
