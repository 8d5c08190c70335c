// The admin dashboard against the real server (shared/src/test-support/studio-server.ts): tabs, live bookings with
// status colours and Generate Contract, availability modals with their validation and the failure alerts of
// docs/product.md §8, the SMS note, contract export (escaped, popup blocked, failures) and sign-out.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@studio/shared/router';
import { authStore } from '@studio/shared/auth-store';
import { BackendError, type Backend } from '@studio/shared/backend';
import type { StudioSeed, StudioServer } from '@studio/shared/test-support/studio-server';
import { BackendProvider, createQueryCache, type QueryCache } from '@studio/shared/data';
import { addCalendarDays, STATUS_COLORS, type BookingChange, type BookingRequest } from '@studio/shared/domain';
import { calendarDayIn, DEFAULT_TIMEZONE } from '@studio/shared/domain/studio-time';
import { bookingListQuerySchema } from '@studio/shared/schemas';
import { contractFormSchema } from '@studio/shared/schemas/contract';
import { bookingListKey } from '../features/bookings/api/get-bookings';
import { adminAvailabilityKey } from '../features/availability/api/get-admin-availability';
import { settingsKey } from '../features/settings/api/get-settings';
import { adminServer } from '../test-support/admin-server';
import { storedBooking } from '../test-support/bookings';
import { acceptedWholeNumbers, longestAccepted } from '../test-support/schema-bounds';
import AdminApp from './app';

const ADMIN = 'admin@studio.test';
// The studio's day, which the dashboard reads (the page below names no studio clock: the default zone's), not the
// machine's: the two differ for hours every day.
const today = calendarDayIn(DEFAULT_TIMEZONE, new Date());

/** A stored request; `label` names it in the test (its e-mail), the server gives its id. */
const booking = (
  label: string,
  name: string,
  status: BookingRequest['status'],
  createdAt: string,
): Omit<BookingRequest, 'id'> =>
  storedBooking({
    name,
    email: `${label}@example.com`,
    phone: '+15550001111',
    consultationDate: '2030-04-20',
    consultationLocation: 'Studio',
    description: `Description of ${name}`,
    smsOptIn: true,
    status,
    createdAt,
    updatedAt: createdAt,
  });

const XSS = '<img src=x onerror=alert(1)>';
let server: StudioServer;
let memory: Backend;
/** The server's ids of the seeded requests, by their labels. */
let id: Record<string, string>;

const photoshoot = {
  id: 'photoshoot',
  displayName: 'Photoshoot',
  description: '',
  image: '',
  price: '',
  tiers: [{ id: 'standard', displayName: 'Standard', price: '$350', includes: [] }],
};

/** The server holding `seed` (the dashboard's usual data unless given), and the admin signed in on `memory`. */
async function start(seed: StudioSeed = usualSeed()) {
  ({ server, backend: memory } = await adminServer(seed));
  const labels = (seed.bookings ?? []).map((b) => b.email.replace('@example.com', ''));
  id = Object.fromEntries(labels.map((label, i) => [label, server.ids.bookings[i]!]));
  memory.auth.onChange((user) => authStore.getState().setUser(user));
}

function usualSeed(): StudioSeed {
  return {
    services: [photoshoot],
    bookings: [
      booking('b1', 'Oldest Client', 'New', '2030-01-01T10:00:00.000Z'),
      booking('b2', XSS, 'Confirmed', '2030-01-03T10:00:00.000Z'),
      booking('b3', 'Middle Client', 'Contacted', '2030-01-02T10:00:00.000Z'),
      booking('b4', 'Declined Client', 'Declined', '2029-12-31T10:00:00.000Z'),
    ],
    availability: {
      periods: [{ startDate: today, endDate: addCalendarDays(today, 20), isAvailable: true, notes: 'Open' }],
      unavailable: [{ startDate: addCalendarDays(today, 3), endDate: addCalendarDays(today, 3), reason: 'Travel' }],
      slots: [
        { date: addCalendarDays(today, 1), startTime: '10:00', endTime: '12:00', isAvailable: true, notes: 'Morning' },
      ],
    },
  };
}

/** Renders the dashboard and lets its first loads (the SMS setting) settle. */
async function renderApp(cache: QueryCache = createQueryCache()) {
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <BackendProvider backend={memory} cache={cache}>
        <MemoryRouter initialEntries={['/admin']}>
          <Routes>
            <Route path="/admin/*" element={<AdminApp />} />
            <Route path="/" element={<p>Home page</p>} />
          </Routes>
        </MemoryRouter>
      </BackendProvider>,
    );
  });
  // Its first reads and live streams, over real HTTP.
  await server.settle();
  return result;
}

const cards = () => screen.getAllByRole('article');
const cardOf = (name: string) => screen.getByRole('article', { name });

beforeEach(async () => {
  await start();
  authStore.getState().setUser({ email: ADMIN, isAdmin: true });
  document.head.innerHTML =
    '<script id="studio-config" type="application/json">{"modelName":"Configured Model"}</script>';
});

test('the footer names the release the site runs, as /api/health says it', async () => {
  await renderApp();
  const health = (await (await fetch('/api/health')).json()) as { version: string };
  expect(health.version).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{7,}$/);
  expect(await screen.findByText(`Studio ${health.version}`)).toBeInTheDocument();
});

describe('tabs', () => {
  test('without a deploy token, three ARIA tabs and no Deployments (a developer view she never needs)', async () => {
    await renderApp();
    const tabs = within(screen.getByRole('tablist', { name: 'Dashboard sections' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent?.replace(/\d+\d+ new requests?$/, ''))).toEqual([
      'Bookings',
      'Availability',
      'Content',
    ]);
    expect(screen.queryByRole('tabpanel', { name: 'Deployments', hidden: true })).not.toBeInTheDocument();
    const [bookingsTab, , contentTab] = tabs as [HTMLElement, HTMLElement, HTMLElement];
    bookingsTab.focus();
    await act(async () => fireEvent.keyDown(bookingsTab, { key: 'End' }));
    await server.settle();
    expect(contentTab).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(contentTab, { key: 'ArrowRight' });
    expect(bookingsTab).toHaveAttribute('aria-selected', 'true');
  });

  test('with a deploy token, four ARIA tabs; bookings first; arrow keys, Home and End move and select', async () => {
    // A team's CI deployed with its token: the site now has deployments to look after.
    await server.deploy('public-site', { text: 'v1', by: 'Sam', tokenLabel: 'ci' });
    await renderApp();
    const tabs = within(screen.getByRole('tablist', { name: 'Dashboard sections' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent?.replace(/\d+\d+ new requests?$/, ''))).toEqual([
      'Bookings',
      'Availability',
      'Content',
      'Deployments',
    ]);
    const [bookingsTab, availabilityTab, contentTab, deploymentsTab] = tabs as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(bookingsTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: /Bookings/ })).toBeVisible();

    bookingsTab.focus();
    fireEvent.keyDown(bookingsTab, { key: 'ArrowRight' });
    expect(availabilityTab).toHaveAttribute('aria-selected', 'true');
    expect(availabilityTab).toHaveFocus();
    expect(availabilityTab).toHaveAttribute('tabindex', '0');
    expect(bookingsTab).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Availability' })).toBeVisible();

    fireEvent.keyDown(availabilityTab, { key: 'ArrowRight' });
    expect(contentTab).toHaveAttribute('aria-selected', 'true');
    // Her content editors load on first opening (a chunk of their own).
    expect(await screen.findByRole('heading', { level: 2, name: 'Services' })).toBeInTheDocument();
    // The Deployments panel is a lazy chunk too: its first opening resolves it.
    await act(async () => fireEvent.keyDown(contentTab, { key: 'ArrowRight' }));
    await server.settle();
    expect(deploymentsTab).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(deploymentsTab, { key: 'ArrowRight' });
    expect(bookingsTab).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(bookingsTab, { key: 'End' });
    expect(deploymentsTab).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(deploymentsTab, { key: 'Home' });
    expect(bookingsTab).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(bookingsTab, { key: 'ArrowLeft' });
    expect(deploymentsTab).toHaveAttribute('aria-selected', 'true');
  });
});

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
      services: [photoshoot],
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

describe('bookings a page at a time', () => {
  const BOOKABLE = {
    name: 'New Client',
    email: 'new@example.com',
    phone: '',
    serviceId: 'usergeneratedcontent',
    serviceTierId: 'ugc-single',
    date: '',
    consultationDate: '',
    consultationLocation: '',
    location: '',
    description: 'Three reels.',
    smsOptIn: false,
  };
  const ugcService = {
    id: 'usergeneratedcontent',
    displayName: 'User-Generated Content',
    description: '',
    image: '',
    price: '',
    tiers: [{ id: 'ugc-single', displayName: 'Single Video', price: '$150', includes: [] }],
  };
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      booking(
        `m${i}`,
        `Client ${i}`,
        i % 3 === 0 ? 'Confirmed' : 'New',
        new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString(),
      ),
    );
  // Role queries over 50 cards are slow in jsdom on a busy two-core machine; the cards' own elements are quicker.
  const names = () => [...document.querySelectorAll('article h3')].map((h) => h.textContent);
  const cardCount = () => document.querySelectorAll('article').length;
  const olderButton = () => screen.getByText('Show older requests', { selector: 'button' });
  jest.setTimeout(20_000);

  test('a new request appears at the top, live, without reload', async () => {
    await start({
      services: [ugcService],
      availability: {
        periods: [{ startDate: today, endDate: addCalendarDays(today, 30), isAvailable: true, notes: '' }],
      },
      bookings: [booking('b1', 'Oldest Client', 'New', '2020-01-01T10:00:00.000Z')],
    });
    await renderApp();
    expect(names()).toEqual(['Oldest Client']);
    await act(async () => {
      await memory.bookings.create(BOOKABLE, 'new-key');
    });
    await waitFor(() => expect(names()).toEqual(['New Client', 'Oldest Client']));
    expect(screen.getByText('2 requests')).toBeInTheDocument();
  });

  test('shows 50, then older ones on request, without reading the list whole', async () => {
    await start({ bookings: many(60) });
    const list = jest.spyOn(memory.bookings, 'list');
    await renderApp();
    expect(cardCount()).toBe(50);
    expect(names()[0]).toBe('Client 59');
    expect(screen.getByText('50+ requests')).toBeInTheDocument();
    // The badge counts the New requests of the whole list, not the 50 read.
    expect(screen.getByTestId('new-count')).toHaveTextContent(`${(await memory.bookings.summary()).new} new requests`);
    await act(async () => fireEvent.click(olderButton()));
    await server.settle();
    expect(cardCount()).toBe(60);
    expect(names().at(-1)).toBe('Client 0');
    expect(screen.getByText('60 requests')).toBeInTheDocument();
    expect(screen.queryByText('Show older requests')).toBeNull();
    expect(list.mock.calls.map(([query]) => query?.limit ?? 50)).toEqual([50, 50]);
  });

  test('a failed read of older requests says so and keeps the list', async () => {
    await start({ bookings: many(55) });
    await renderApp();
    server.failRequests('GET /api/admin/bookings$');
    await act(async () => fireEvent.click(olderButton()));
    await server.settle();
    await server.settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load older requests. Please try again.');
    expect(cardCount()).toBe(50);
    server.restoreNetwork();
    await act(async () => fireEvent.click(olderButton()));
    await server.settle();
    await server.settle();
    expect(cardCount()).toBe(55);
  });

  test('shows one status on request, and follows status changes into and out of it', async () => {
    await renderApp();
    await act(async () =>
      fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'Confirmed' } }),
    );
    await server.settle();
    expect(names()).toEqual([XSS]);
    await act(async () => {
      await memory.bookings.updateStatus(id.b3!, 'Confirmed');
    });
    await waitFor(() => expect(names()).toEqual([XSS, 'Middle Client']));
    await act(async () => {
      await memory.bookings.updateStatus(id.b2!, 'Declined');
    });
    await waitFor(() => expect(names()).toEqual(['Middle Client']));
    await act(async () =>
      fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'Contacted' } }),
    );
    await server.settle();
    expect(screen.getByText('No Contacted requests.')).toBeInTheDocument();
    await act(async () =>
      fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'all' } }),
    );
    await server.settle();
    expect(names()).toEqual([XSS, 'Middle Client', 'Oldest Client', 'Declined Client']);
  });

  test('when the stream reconnects, what changed while it was away is read again', async () => {
    const subscribe = memory.bookings.subscribe;
    let tell: (change: BookingChange) => void = () => undefined;
    let away = false;
    memory.bookings.subscribe = (onChange, onError) => {
      tell = onChange;
      return subscribe((change) => {
        if (!away) onChange(change);
      }, onError);
    };
    await renderApp();
    away = true;
    await act(async () => {
      await memory.bookings.updateStatus(id.b1!, 'Contacted');
    });
    expect(within(cardOf('Oldest Client')).getByRole('combobox')).toHaveValue('New');
    away = false;
    await act(async () => tell({ type: 'resync' }));
    // The list is read again over HTTP.
    await server.settle();
    expect(within(cardOf('Oldest Client')).getByRole('combobox')).toHaveValue('Contacted');
  });

  test('a list that cannot be read says so, with a way to try again', async () => {
    server.failRequests('GET /api/admin/bookings$');
    await renderApp();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load booking requests.');
    server.restoreNetwork();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await server.settle();
    await server.settle();
    expect(cardCount()).toBe(4);
  });
});

describe('availability', () => {
  const openTab = () => fireEvent.click(screen.getByRole('tab', { name: 'Availability' }));
  const panel = () => screen.getByRole('tabpanel', { name: 'Availability' });
  const section = (name: string) => within(panel()).getByRole('region', { name });

  test('lists periods, unavailable days and time slots; the calendar marks available, blocked and slot days', async () => {
    await renderApp();
    openTab();
    expect(within(section('Availability periods')).getByText('Open')).toBeInTheDocument();
    expect(within(section('Unavailable days')).getByText('Travel')).toBeInTheDocument();
    expect(within(section('Time slots')).getByText('Morning')).toBeInTheDocument();
    // The calendar opens on today's month; near its end the later days are on the next page. Dates are checked in
    // order, so turning forward is enough.
    const cell = (date: string) => {
      if (!panel().querySelector(`[data-date="${date}"]`))
        fireEvent.click(within(panel()).getByRole('button', { name: 'Next month' }));
      return panel().querySelector(`[data-date="${date}"]`);
    };
    expect(cell(today)).toHaveAttribute('data-state', 'available');
    // A day a tap can block carries its name on its button.
    const named = cell(addCalendarDays(today, 1));
    expect((named?.querySelector('button') ?? named)?.getAttribute('aria-label')).toMatch(/1 time slot/);
    expect(cell(addCalendarDays(today, 3))?.getAttribute('data-state')).toMatch(/blocked|none/);
  });

  test('a period needs start and end dates; then it is added and listed', async () => {
    await renderApp();
    openTab();
    fireEvent.click(screen.getByRole('button', { name: 'Add period' }));
    const dialog = screen.getByRole('dialog', { name: 'Add availability period' });
    expect(within(dialog).getByLabelText('Start date')).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a start date and an end date.');
    fireEvent.change(within(dialog).getByLabelText('Start date'), { target: { value: '2031-02-01' } });
    fireEvent.change(within(dialog).getByLabelText('End date'), { target: { value: '2031-02-10' } });
    fireEvent.change(within(dialog).getByLabelText('Notes'), { target: { value: 'February' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    await server.settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(section('Availability periods')).getByText('February')).toBeInTheDocument();
  });

  test('an unavailable range needs start and end dates, and the end may not come first', async () => {
    await renderApp();
    openTab();
    fireEvent.click(screen.getByRole('button', { name: 'Add unavailable days' }));
    const dialog = screen.getByRole('dialog', { name: 'Add unavailable days' });
    fireEvent.change(within(dialog).getByLabelText('Start date'), { target: { value: '2031-02-10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a start date and an end date.');
    fireEvent.change(within(dialog).getByLabelText('End date'), { target: { value: '2031-02-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The end date must not be before the start date.');
  });

  test('a time slot defaults to 09:00-17:00 and needs a date', async () => {
    await renderApp();
    openTab();
    fireEvent.click(screen.getByRole('button', { name: 'Add time slot' }));
    const dialog = screen.getByRole('dialog', { name: 'Add time slot' });
    expect(within(dialog).getByLabelText('Start time')).toHaveValue('09:00');
    expect(within(dialog).getByLabelText('End time')).toHaveValue('17:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a date, a start time and an end time.');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2031-03-03' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    await server.settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(section('Time slots')).getByText('Mar 3, 2031, 09:00–17:00')).toBeInTheDocument();
  });

  test('Escape closes a modal and gives focus back to its button', async () => {
    await renderApp();
    openTab();
    const button = screen.getByRole('button', { name: 'Add period' });
    button.focus();
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  const failures: Array<[string, string, string, string]> = [
    [
      'Add period',
      'Add availability period',
      'POST /api/admin/availability/periods',
      'Failed to add availability period. Please try again.',
    ],
    [
      'Add unavailable days',
      'Add unavailable days',
      'POST /api/admin/availability/unavailable',
      'Failed to add unavailable day. Please try again.',
    ],
    [
      'Add time slot',
      'Add time slot',
      'POST /api/admin/availability/slots',
      'Failed to add time slot. Please try again.',
    ],
  ];

  test.each(failures)(
    '"%s" failing shows the docs/product.md §8 alert and keeps the modal with its values',
    async (button, title, request, text) => {
      server.failRequests(request);
      await renderApp();
      openTab();
      fireEvent.click(screen.getByRole('button', { name: button }));
      const dialog = screen.getByRole('dialog', { name: title });
      const dateField = within(dialog).queryByLabelText('Date') ?? within(dialog).getByLabelText('Start date');
      fireEvent.change(dateField, { target: { value: '2031-04-01' } });
      const end = within(dialog).queryByLabelText('End date');
      if (end) fireEvent.change(end, { target: { value: '2031-04-02' } });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
      await server.settle();
      expect(within(dialog).getByRole('alert')).toHaveTextContent(new RegExp(`^${text.replace(/\./g, '\\.')}$`));
      expect(dateField).toHaveValue('2031-04-01');
    },
  );

  const deletions: Array<[string, string, string]> = [
    [
      'Availability periods',
      'DELETE /api/admin/availability/periods/',
      'Failed to delete availability period. Please try again.',
    ],
    [
      'Unavailable days',
      'DELETE /api/admin/availability/unavailable/',
      'Failed to delete unavailable day. Please try again.',
    ],
    ['Time slots', 'DELETE /api/admin/availability/slots/', 'Failed to delete time slot. Please try again.'],
  ];

  test.each(deletions)(
    '%s: delete removes the item; a failed delete shows the docs/product.md §8 alert',
    async (name, request, text) => {
      await renderApp();
      openTab();
      server.failRequests(request);
      await deleteAfterConfirming(name);
      expect(within(section(name)).getByRole('alert')).toHaveTextContent(new RegExp(`^${text.replace(/\./g, '\\.')}$`));
      server.restoreNetwork();
      await deleteAfterConfirming(name);
      expect(within(section(name)).queryByRole('button', { name: /^Delete/ })).toBeNull();
      expect(within(section(name)).queryByRole('alert')).toBeNull();
    },
  );

  /** Delete, then the confirmation's Delete. */
  async function deleteAfterConfirming(name: string) {
    fireEvent.click(within(section(name)).getByRole('button', { name: /^Delete/ }));
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' })));
    await server.settle();
    await server.settle();
  }

  test('a delete asks first: Cancel keeps it; the last period warns that bookings close; Undo brings it back', async () => {
    await renderApp();
    openTab();
    const periods = section('Availability periods');
    const before = (await memory.availability.getPublic()).periods.map(({ startDate, endDate }) => [
      startDate,
      endDate,
    ]);
    expect(before).toHaveLength(1);
    fireEvent.click(within(periods).getByRole('button', { name: /^Delete/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this availability period?' });
    expect(dialog).toHaveTextContent(
      "This is your last availability period: until you add another, the booking form shows 'No Availability Set' and visitors cannot book.",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((await memory.availability.getPublic()).periods).toHaveLength(1);

    await deleteAfterConfirming('Availability periods');
    expect((await memory.availability.getPublic()).periods).toHaveLength(0);
    const undo = screen.getByRole('status');
    expect(undo).toHaveTextContent(/^Deleted the availability period /);
    await act(async () => fireEvent.click(within(undo).getByRole('button', { name: 'Undo' })));
    await server.settle();
    expect(
      (await memory.availability.getPublic()).periods.map(({ startDate, endDate }) => [startDate, endDate]),
    ).toEqual(before);
    expect(screen.queryByText(/^Deleted the availability period/)).toBeNull();
  });

  test('Undo of a delete is offered for 10 seconds only', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      await renderApp();
      openTab();
      await deleteAfterConfirming('Time slots');
      expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(10_100));
      expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('SMS setting', () => {
  test('the toggle saves the admin value', async () => {
    await renderApp();
    const toggle = await screen.findByRole('switch', { name: 'Send text messages to clients who opt in' });
    expect(toggle).not.toBeChecked();
    await act(async () => fireEvent.click(toggle));
    await server.settle();
    expect(toggle).toBeChecked();
    expect(await memory.notifications.getSmsStatus()).toMatchObject({ enabled: true, adminValue: true });
    expect(screen.getByText('Text messages are on.')).toBeInTheDocument();
  });

  test('a note says when the environment overrides it', async () => {
    memory.notifications.getSmsStatus = async () => ({ enabled: false, source: 'env', adminValue: true });
    await renderApp();
    expect(
      await screen.findByText(
        "The server's SMS_ENABLED setting overrides this choice: text messages stay off until it is removed.",
      ),
    ).toBeInTheDocument();
  });
});

describe('contracts', () => {
  interface FakeWindow {
    html: string;
    printed: boolean;
  }
  function stubOpen(behaviour: 'ok' | 'blocked' | 'broken' = 'ok'): FakeWindow {
    const fake: FakeWindow = { html: '', printed: false };
    jest.spyOn(window, 'open').mockImplementation(() => {
      if (behaviour === 'blocked') return null;
      return {
        document: {
          open: () => undefined,
          write: (s: string) => {
            if (behaviour === 'broken') throw new Error('cannot write');
            fake.html += s;
          },
          close: () => undefined,
        },
        focus: () => undefined,
        print: () => {
          fake.printed = true;
        },
      } as unknown as Window;
    });
    return fake;
  }
  afterEach(() => jest.restoreAllMocks());

  /**
   * Someone signs: the link in her mail, their name, their consent, as the signing page posts them. The names here
   * are not the bookings' own, so they sign on the client's behalf with a role (the page refuses another name).
   */
  async function signAsClient(contractId: string, fullName: string) {
    const mail = (await server.outbox()).find((m) => m.body.includes('/contracts/sign/'));
    const path = /\/contracts\/sign\/[A-Za-z0-9_-]+/.exec(mail?.body ?? '')?.[0];
    if (!path) throw new Error('no signing link in the outbox');
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        contractId,
        fullName,
        onBehalf: 'yes',
        role: 'Assistant',
        consent: 'yes',
      }).toString(),
    });
    expect(response.status).toBe(200);
  }

  const openContract = async () => {
    await renderApp();
    fireEvent.click(within(cardOf(XSS)).getByRole('button', { name: 'Generate Contract' }));
    const dialog = screen.getByRole('dialog', { name: 'Generate contract' });
    // The deal comes from the backend: the dialog is ready once it shows.
    await within(dialog).findByRole('region', { name: 'The deal (from the booking)' });
    return dialog;
  };

  test('the form is prefilled: client from the booking, model name from configuration, 4 weeks, Arizona', async () => {
    const dialog = await openContract();
    expect(within(dialog).getByLabelText('Client name')).toHaveValue(XSS);
    expect(within(dialog).getByLabelText('Model name')).toHaveValue('Configured Model');
    expect(within(dialog).getByLabelText('Effective date')).toHaveValue(today);
    expect(within(dialog).getByLabelText('Service type')).toHaveValue('Photoshoot');
    expect(within(dialog).getByLabelText('Timeline (weeks)')).toHaveValue(4);
    expect(within(dialog).getByLabelText('Governing law (state)')).toHaveValue('Arizona');
    // The payment terms are the booking's quote's: her default 50% deposit on the tier's price.
    expect(within(dialog).getByText(/^Total: \$350 \(US dollars\)\. Deposit: \$175/)).toBeInTheDocument();
  });

  test("the timeline's bounds are the ones the server checks", async () => {
    const dialog = await openContract();
    const { min, max } = acceptedWholeNumbers(contractFormSchema.shape.timeline);
    const timeline = within(dialog).getByLabelText('Timeline (weeks)');
    expect(timeline).toHaveAttribute('min', String(min));
    expect(timeline).toHaveAttribute('max', String(max));
  });

  test('the text fields take as many characters as the server accepts, no more', async () => {
    const dialog = await openContract();
    const { clientName, modelName, serviceType, governingLaw } = contractFormSchema.shape;
    for (const [label, schema] of [
      ['Client name', clientName],
      ['Model name', modelName],
      ['Service type', serviceType],
      ['Governing law (state)', governingLaw],
    ] as const) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('maxlength', String(longestAccepted(schema)));
    }
  });

  test('Export writes an escaped contract with a print stylesheet into the print window and prints', async () => {
    const popup = stubOpen();
    const dialog = await openContract();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(popup.printed).toBe(true);
    expect(popup.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(popup.html).not.toContain('<img');
    expect(popup.html).toContain('@media print');
    expect(popup.html).toContain('Modeling Services Agreement');
    expect(popup.html).toContain('Payment is due within 7 days of invoice.');
    expect(popup.html).toContain('Configured Model');
    // Parsed as a document, the booking's name is text: no element came from it.
    const doc = new DOMParser().parseFromString(popup.html, 'text/html');
    expect(doc.querySelector('img')).toBeNull();
    expect(doc.body.textContent).toContain(XSS);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  test('a blocked popup: "Please allow popups to export the contract."', async () => {
    stubOpen('blocked');
    const dialog = await openContract();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Please allow popups to export the contract\.$/);
  });

  test('a window that cannot be written: "Failed to export contract. Please try again."', async () => {
    stubOpen('broken');
    const dialog = await openContract();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failed to export contract\. Please try again\.$/);
  });

  test('the deal from the booking: fee, package, schedule, shoot and consultation, client contact', async () => {
    const dialog = await openContract();
    const deal = within(dialog).getByRole('region', { name: 'The deal (from the booking)' });
    expect(deal).toHaveTextContent('FeeStandard: $350 (quote version 0)');
    expect(deal).toHaveTextContent('PackageStandard');
    expect(deal).toHaveTextContent('ShootMay 1, 2030 · Tempe');
    expect(deal).toHaveTextContent('ConsultationApr 20, 2030 · Studio');
    expect(deal).toHaveTextContent('Client contactb2@example.com · +15550001111');
  });

  test('Send asks first; after confirming, the card and the dialog follow sent, then signed live; a signed contract is frozen and offers a new version', async () => {
    const dialog = await openContract();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send for signature…' }));
    });
    await server.settle();
    // Nothing is sent before she confirms.
    const confirm = within(dialog).getByRole('alertdialog', { name: 'Send this contract for signature?' });
    expect(confirm).toHaveTextContent('b2@example.com will receive a private link');
    expect(await (await memory.contracts()).states()).toEqual({});
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Send' }));
    });
    await server.settle();
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Sent to b2@example.com.');
    expect(within(cardOf(XSS)).getByText('Sent')).toBeInTheDocument();

    const [sent] = (await (await memory.contracts()).forBooking(id.b2!)).contracts;
    await act(async () => {
      await signAsClient(sent!.id, 'Jane Q. Doe');
    });
    // Told live (the contracts stream).
    await waitFor(() => expect(within(cardOf(XSS)).getByText('Signed')).toBeInTheDocument());
    expect(within(dialog).getByText(/Signed by Jane Q\. Doe on/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Client name')).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: /Send/ })).toBeNull();

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'New version' }));
    });
    await server.settle();
    expect(within(dialog).getByRole('button', { name: /Version 2/, pressed: true })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Version 1/ })).toHaveTextContent('Signed');
    expect(within(dialog).getByLabelText('Client name')).not.toHaveAttribute('readonly');
    expect(within(cardOf(XSS)).getByText('Draft')).toBeInTheDocument();
  });

  test('editing a signed contract is refused by the backend (conflict) and the dialog offers a new version', async () => {
    const contracts = await memory.contracts();
    const created = await contracts.create(id.b2!, {
      form: {
        clientName: 'A',
        modelName: 'B',
        effectiveDate: today,
        serviceType: 'Photoshoot',
        timeline: '4',
        governingLaw: 'Arizona',
      },
      paperSize: 'a4',
    });
    await contracts.send(created.id);
    await signAsClient(created.id, 'Ann Lee');
    await expect(contracts.update(created.id, { form: created.form, paperSize: 'letter' })).rejects.toMatchObject({
      code: 'conflict',
    });
    const dialog = await openContract();
    expect(within(dialog).getByText(/A signed contract cannot be changed/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'New version' })).toBeInTheDocument();
  });

  test('the PDF link opens the selected stored version, none before one is stored', async () => {
    const dialog = await openContract();
    expect(within(dialog).queryByRole('link', { name: 'PDF' })).toBeNull();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    });
    await server.settle();
    const [first] = (await (await memory.contracts()).forBooking(id.b2!)).contracts;
    expect(await within(dialog).findByRole('link', { name: 'PDF' })).toHaveAttribute(
      'href',
      `/api/admin/contracts/${first!.id}/pdf`,
    );

    await act(async () => {
      await signAsClient((await (await memory.contracts()).send(first!.id)).id, 'Jane Q. Doe');
    });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'New version' })).toBeInTheDocument());
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'New version' }));
    });
    await server.settle();
    const [second] = (await (await memory.contracts()).forBooking(id.b2!)).contracts;
    expect(second!.id).not.toBe(first!.id);
    await waitFor(() =>
      expect(within(dialog).getByRole('link', { name: 'PDF' })).toHaveAttribute(
        'href',
        `/api/admin/contracts/${second!.id}/pdf`,
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /Version 1/ }));
    await waitFor(() =>
      expect(within(dialog).getByRole('link', { name: 'PDF' })).toHaveAttribute(
        'href',
        `/api/admin/contracts/${first!.id}/pdf`,
      ),
    );
  });

  test('a contract that cannot be built: "Failed to generate contract. Please try again."', async () => {
    stubOpen();
    const dialog = await openContract();
    fireEvent.change(within(dialog).getByLabelText('Effective date'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failed to generate contract\. Please try again\.$/);
    expect(window.open).not.toHaveBeenCalled();
  });
});

test('each live list opens one stream for the whole visit, whichever tab shows, and closes it when the dashboard goes', async () => {
  const streams = { bookings: { opened: 0, closed: 0 }, availability: { opened: 0, closed: 0 } };
  for (const port of ['bookings', 'availability'] as const) {
    const subscribe = memory[port].subscribe as (...args: unknown[]) => () => void;
    (memory[port].subscribe as unknown) = (...args: unknown[]) => {
      streams[port].opened++;
      const stop = subscribe(...args);
      return () => {
        streams[port].closed++;
        stop();
      };
    };
  }
  const { unmount } = await renderApp();
  fireEvent.click(screen.getByRole('tab', { name: 'Availability' }));
  fireEvent.click(screen.getByRole('tab', { name: /Bookings/ }));
  expect(streams).toEqual({ bookings: { opened: 1, closed: 0 }, availability: { opened: 1, closed: 0 } });
  unmount();
  expect(streams).toEqual({ bookings: { opened: 1, closed: 1 }, availability: { opened: 1, closed: 1 } });
});

test('leaving the dashboard (here by Sign out) forgets every admin read: the cache outlives it, client details must not', async () => {
  const cache = createQueryCache();
  await renderApp(cache);
  const keys = [bookingListKey('all'), adminAvailabilityKey, settingsKey];
  for (const key of keys) expect(cache.read(key).status).toBe('ready');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
  await server.settle();
  expect(screen.getByText('Home page')).toBeInTheDocument();
  for (const key of keys) expect(cache.read(key).status).toBe('loading');
});

test('Sign out ends the session through the shared backend, so the shared auth store follows', async () => {
  await renderApp();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
  await server.settle();
  expect(await memory.auth.current()).toBeNull();
  expect(authStore.getState().user).toBeNull();
  expect(screen.getByText('Home page')).toBeInTheDocument();
});

test('a live stream the server refuses says so, and the shared auth store learns the session is gone', async () => {
  memory.bookings.subscribe = (_onChange, onError) => {
    onError(new BackendError('unauthenticated', 'refused'));
    return () => undefined;
  };
  memory.auth.current = async () => null;
  await renderApp();
  expect(await screen.findByText('Live updates stopped: please sign in again.')).toBeInTheDocument();
  await act(async () => undefined);
  expect(authStore.getState().user).toBeNull();
});
