// The dashboard's Bookings tab reads a page at a time against the real server (test-support/dashboard.tsx): 50
// requests, older ones on request, one status on request, a new request live at the top, and a list read again when
// its stream reconnects.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addCalendarDays, type BookingChange } from '@studio/shared/domain';
import {
  cardOf,
  booking,
  id,
  memory,
  renderApp,
  server,
  signedInEachTest,
  start,
  today,
  XSS,
} from '../test-support/dashboard';

signedInEachTest();

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
  /** One old request, and a service and open days a visitor's new request can book. */
  const startBookable = () =>
    start({
      services: [ugcService],
      availability: {
        periods: [{ startDate: today, endDate: addCalendarDays(today, 30), isAvailable: true, notes: '' }],
      },
      bookings: [booking('b1', 'Oldest Client', 'New', '2020-01-01T10:00:00.000Z')],
    });

  test('a new request appears at the top, live, without reload', async () => {
    await startBookable();
    await renderApp();
    expect(names()).toEqual(['Oldest Client']);
    await act(async () => {
      await memory.bookings.create(BOOKABLE, 'new-key');
    });
    await waitFor(() => expect(names()).toEqual(['New Client', 'Oldest Client']));
    expect(screen.getByText('2 requests')).toBeInTheDocument();
  });

  test('a request made before the stream first opens is listed once it opens', async () => {
    await startBookable();
    // The stream opens only when the test says (as on a slow phone, or a stream that falls back to polling).
    const subscribe = memory.bookings.subscribe;
    let openStream = () => undefined as void;
    memory.bookings.subscribe = (onChange, onError) => {
      let stop: (() => void) | undefined;
      let gone = false;
      openStream = () => {
        // Opened after the request was made, the stream does not tell of it: only that it is live.
        if (!gone) stop = subscribe((change) => change.type === 'resync' && onChange(change), onError);
      };
      return () => {
        gone = true;
        stop?.();
      };
    };
    await renderApp();
    await act(async () => {
      await memory.bookings.create(BOOKABLE, 'before-the-stream');
    });
    // Neither the list nor the calendar reads before the stream is live: a read could miss what comes in between.
    expect(names()).toEqual([]);
    await act(async () => openStream());
    await server.settle();
    await waitFor(() => expect(names()).toEqual(['New Client', 'Oldest Client']));
  });

  test('a request told while the list is still being read is on the list once the read is done', async () => {
    await startBookable();
    // The list's first read is answered only when the test says, with what the server answered before the request.
    const list = memory.bookings.list.bind(memory.bookings);
    let firstAnswer: Awaited<ReturnType<typeof list>> | undefined;
    let answerFirstRead = () => undefined as void;
    let reads = 0;
    memory.bookings.list = async (query) => {
      if (++reads > 1) return list(query);
      firstAnswer = await list(query);
      const answer = firstAnswer;
      return new Promise((resolve) => {
        answerFirstRead = () => resolve(answer);
      });
    };
    const subscribe = memory.bookings.subscribe.bind(memory.bookings);
    let told = false;
    memory.bookings.subscribe = (onChange, onError) =>
      subscribe((change) => {
        onChange(change);
        if (change.type === 'created') told = true;
      }, onError);
    await renderApp();
    await waitFor(() => expect(firstAnswer).toBeDefined());
    await act(async () => {
      await memory.bookings.create(BOOKABLE, 'while-reading');
    });
    // The stream has told of the request while the read is still under way; then the read answers.
    await waitFor(() => expect(told).toBe(true));
    await act(async () => answerFirstRead());
    await server.settle();
    await waitFor(() => expect(names()).toEqual(['New Client', 'Oldest Client']));
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
