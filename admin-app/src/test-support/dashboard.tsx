// The whole dashboard as the shell mounts it, for the tests of app/: this worker's real server
// (shared/src/test-support/studio-server.ts) holding the usual seed (four requests, New, Contacted, Confirmed and
// Declined; the Photoshoot service; open availability), the admin signed in on an http adapter, and AdminApp
// rendered behind /admin.
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@studio/shared/router';
import { authStore } from '@studio/shared/auth-store';
import type { Backend } from '@studio/shared/backend';
import type { StudioSeed, StudioServer } from '@studio/shared/test-support/studio-server';
import { BackendProvider, createQueryCache, type QueryCache } from '@studio/shared/data';
import { addCalendarDays, type BookingRequest } from '@studio/shared/domain';
import { calendarDayIn, DEFAULT_TIMEZONE } from '@studio/shared/domain/studio-time';
import AdminApp from '../app/app';
import { adminServer } from './admin-server';
import { photoshootService, storedBooking } from './bookings';

const ADMIN = 'admin@studio.test';
// The studio's day, which the dashboard reads (the page below names no studio clock: the default zone's), not the
// machine's: the two differ for hours every day.
export const today = calendarDayIn(DEFAULT_TIMEZONE, new Date());

/** A stored request; `label` names it in the test (its e-mail), the server gives its id. */
export const booking = (
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

export const XSS = '<img src=x onerror=alert(1)>';
// Live bindings: start() replaces them, and a test reads the ones its own start() made.
export let server: StudioServer;
export let memory: Backend;
/** The server's ids of the seeded requests, by their labels. */
export let id: Record<string, string>;

/** The server holding `seed` (the dashboard's usual data unless given), and the admin signed in on `memory`. */
export async function start(seed: StudioSeed = usualSeed()) {
  ({ server, backend: memory } = await adminServer(seed));
  const labels = (seed.bookings ?? []).map((b) => b.email.replace('@example.com', ''));
  id = Object.fromEntries(labels.map((label, i) => [label, server.ids.bookings[i]!]));
  memory.auth.onChange((user) => authStore.getState().setUser(user));
}

function usualSeed(): StudioSeed {
  return {
    services: [photoshootService],
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
export async function renderApp(cache: QueryCache = createQueryCache()) {
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

export const cards = () => screen.getAllByRole('article');
export const cardOf = (name: string) => screen.getByRole('article', { name });

/** Before each test: the usual seed on a fresh server, the admin signed in, her configured name in the page. */
export function signedInEachTest() {
  beforeEach(async () => {
    await start();
    authStore.getState().setUser({ email: ADMIN, isAdmin: true });
    document.head.innerHTML =
      '<script id="studio-config" type="application/json">{"modelName":"Configured Model"}</script>';
  });
}
