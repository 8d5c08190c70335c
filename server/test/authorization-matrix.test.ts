// The authorisation matrix. Every API route and the live stream, as a visitor, as a signed-in stranger and
// as the admin, with the expected status of each cell in one table. Each admin-only cell refuses the other two, so
// removing any single check from the server (the admin guard, its admin test, a route's own validation of who may
// read what) makes at least one cell fail.
import type { InjectOptions } from 'fastify';
import type { AddressInfo } from 'node:net';
import { EMPTY_CONTRACT_DEAL } from '@studio/shared/domain/contract';
import sharp from 'sharp';
import type { NewBookingRequest } from '../src/platform/storage/ports';
import {
  ADMIN_EMAIL,
  ADMIN_VIA_PROXY,
  build,
  registeredRoutes,
  storeBooking,
  ugcBookingInput,
  withCsrf,
  type TestApp,
} from './helper';

type Role = 'visitor' | 'stranger' | 'admin';

interface Row {
  method: InjectOptions['method'];
  /** The route as registered (with :params), to check the table covers every route. */
  route: string;
  /** The request to send; a function so each cell gets fresh data (ids, idempotency keys). */
  request: (ctx: Ctx) => InjectOptions;
  expect: Record<Role, number>;
}

interface Ctx {
  bookingId: string;
  periodId: string;
  /** A draft contract of the booking. */
  draftId: string;
  seq: number;
}

/** A small image upload as the admin's form sends it (multipart), made once before the table runs. */
let uploadForm: { payload: Buffer; contentType: string };

// The admin's upload cell processes a real image in a child process: a second on an idle machine, more on a busy one.
jest.setTimeout(30_000);

const OPEN = { visitor: 200, stranger: 200, admin: 200 };
const ADMIN_ONLY = (ok: number) => ({ visitor: 401, stranger: 403, admin: ok });
const DEPLOY_TOKEN_ONLY = { visitor: 403, stranger: 403, admin: 403 };
const today = new Date();
const inDays = (n: number) => new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10);

const ugcBooking = { ...ugcBookingInput, name: 'Matrix Visitor', email: 'matrix@example.com' };

// Well-formed WebAuthn answers that no challenge was issued for.
const attestation = {
  id: 'AAAA',
  rawId: 'AAAA',
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
  type: 'public-key',
};
const assertion = {
  id: 'AAAA',
  rawId: 'AAAA',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
  type: 'public-key',
};

const TABLE: Row[] = [
  { method: 'GET', route: '/api/health', request: () => ({ url: '/api/health' }), expect: OPEN },
  { method: 'GET', route: '/api/config', request: () => ({ url: '/api/config' }), expect: OPEN },
  { method: 'GET', route: '/api/services', request: () => ({ url: '/api/services' }), expect: OPEN },
  { method: 'GET', route: '/api/portfolio/meta', request: () => ({ url: '/api/portfolio/meta' }), expect: OPEN },
  {
    method: 'GET',
    route: '/api/portfolio/content',
    request: () => ({ url: '/api/portfolio/content?t=1' }),
    expect: OPEN,
  },
  { method: 'GET', route: '/api/projects', request: () => ({ url: '/api/projects' }), expect: OPEN },
  {
    method: 'GET',
    route: '/api/projects/:id',
    request: () => ({ url: '/api/projects/sonoran-editorial' }),
    expect: OPEN,
  },
  {
    method: 'GET',
    route: '/api/galleries/:id',
    request: () => ({ url: '/api/galleries/sonoran-editorial' }),
    expect: OPEN,
  },
  { method: 'GET', route: '/api/availability', request: () => ({ url: '/api/availability' }), expect: OPEN },
  {
    method: 'POST',
    route: '/api/bookings',
    request: (c) => ({
      method: 'POST',
      url: '/api/bookings',
      payload: ugcBooking,
      headers: { 'idempotency-key': `matrix-${c.seq}` },
    }),
    expect: { visitor: 201, stranger: 201, admin: 201 },
  },
  {
    method: 'POST',
    route: '/api/contact',
    // A public write like a booking: anyone may write to her (rate limited, checked by the shared schema).
    request: () => ({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Matrix Visitor', email: 'matrix@example.com', phone: '', message: 'Any date in May?' },
    }),
    expect: { visitor: 204, stranger: 204, admin: 204 },
  },
  {
    method: 'POST',
    route: '/api/manage-booking',
    // The manage link's token is the only key: no session, not even the admin's, opens a request without it.
    request: () => ({ method: 'POST', url: '/api/manage-booking', payload: { token: 'x'.repeat(43) } }),
    expect: { visitor: 404, stranger: 404, admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/manage-booking/cancel',
    // The manage link's token is the only key: no session, not even the admin's, opens a request without it.
    request: () => ({ method: 'POST', url: '/api/manage-booking/cancel', payload: { token: 'x'.repeat(43) } }),
    expect: { visitor: 404, stranger: 404, admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/manage-booking/reschedule',
    // The manage link's token is the only key: no session, not even the admin's, opens a request without it.
    request: () => ({
      method: 'POST',
      url: '/api/manage-booking/reschedule',
      payload: { token: 'x'.repeat(43), date: '2026-12-20' },
    }),
    expect: { visitor: 404, stranger: 404, admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/manage-booking/calendar',
    // The calendar file of a confirmed booking: the manage link's token is the only key, no session opens it.
    request: () => ({ method: 'POST', url: '/api/manage-booking/calendar', payload: { token: 'x'.repeat(43) } }),
    expect: { visitor: 404, stranger: 404, admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/manage-booking/payment',
    // What her deal comes to and what is paid; the manage link's token is the only key.
    request: () => ({ method: 'POST', url: '/api/manage-booking/payment', payload: { token: 'x'.repeat(43) } }),
    expect: { visitor: 404, stranger: 404, admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/manage-booking/invoice',
    // The invoice: the manage link's token is the only key, no session opens it.
    request: () => ({ method: 'POST', url: '/api/manage-booking/invoice', payload: { token: 'x'.repeat(43) } }),
    expect: { visitor: 404, stranger: 404, admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/manage-booking/checkout',
    // No Stripe key in this app: the pay step does not exist, for anyone (payments.test.ts has it with a key).
    request: () => ({
      method: 'POST',
      url: '/api/manage-booking/checkout',
      payload: { token: 'x'.repeat(43), kind: 'deposit' },
    }),
    expect: { visitor: 404, stranger: 404, admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/stripe/webhook',
    // Only a body signed with the webhook's secret is taken; no session opens it (unsigned: 400 for everyone).
    request: () => ({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_matrix', type: 'checkout.session.completed' }),
    }),
    expect: { visitor: 400, stranger: 400, admin: 400 },
  },
  {
    method: 'POST',
    route: '/api/auth/link',
    request: () => ({ method: 'POST', url: '/api/auth/link', payload: { email: 'someone@example.com' } }),
    // Only the configured admin address gets a link, whoever asks.
    expect: { visitor: 403, stranger: 403, admin: 403 },
  },
  {
    method: 'POST',
    route: '/api/auth/session',
    request: () => ({
      method: 'POST',
      url: '/api/auth/session',
      payload: { email: ADMIN_EMAIL, token: 'A'.repeat(43) },
    }),
    expect: { visitor: 401, stranger: 401, admin: 401 },
  },
  { method: 'GET', route: '/api/auth/session', request: () => ({ url: '/api/auth/session' }), expect: OPEN },
  {
    method: 'DELETE',
    route: '/api/auth/session',
    request: () => ({ method: 'DELETE', url: '/api/auth/session' }),
    expect: { visitor: 204, stranger: 204, admin: 204 },
  },
  { method: 'GET', route: '/api/dev/outbox', request: () => ({ url: '/api/dev/outbox' }), expect: OPEN },
  {
    method: 'GET',
    route: '/api/dev/outbox/:id/attachments',
    request: () => ({ url: '/api/dev/outbox/1/attachments' }),
    expect: OPEN,
  },
  {
    method: 'GET',
    route: '/api/dev/outbox/:id/attachments/:position',
    request: () => ({ url: '/api/dev/outbox/999999/attachments/0' }),
    expect: { visitor: 404, stranger: 404, admin: 404 },
  },
  // Contracts.
  {
    method: 'GET',
    route: '/api/admin/contracts/states',
    request: () => ({ url: '/api/admin/contracts/states' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/admin/bookings/:id/contracts',
    request: (c) => ({ url: `/api/admin/bookings/${c.bookingId}/contracts` }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/admin/bookings/:id/payments',
    request: (c) => ({ url: `/api/admin/bookings/${c.bookingId}/payments` }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/admin/payments',
    request: (c) => ({ url: `/api/admin/payments?ids=${c.bookingId},no-such-booking` }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/bookings/:id/payments',
    request: (c) => ({
      method: 'POST',
      url: `/api/admin/bookings/${c.bookingId}/payments`,
      payload: { kind: 'deposit', method: 'cash', amountCents: 100 },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/bookings/:id/payments/:paymentId/refunds',
    // No payment has this id: she is answered 404, anyone else is refused before the lookup.
    request: (c) => ({
      method: 'POST',
      url: `/api/admin/bookings/${c.bookingId}/payments/no-such-payment/refunds`,
      payload: { amountCents: 100 },
    }),
    expect: ADMIN_ONLY(404),
  },
  {
    method: 'POST',
    route: '/api/admin/bookings/:id/contracts',
    request: (c) => ({
      method: 'POST',
      url: `/api/admin/bookings/${c.bookingId}/contracts`,
      payload: { form: CONTRACT_FORM, paperSize: 'letter' },
    }),
    expect: ADMIN_ONLY(201),
  },
  {
    method: 'PUT',
    route: '/api/admin/contracts/:id',
    request: (c) => ({
      method: 'PUT',
      url: `/api/admin/contracts/${draftFor(c)}`,
      payload: { form: CONTRACT_FORM, paperSize: 'a4' },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/contracts/:id/send',
    request: (c) => ({ method: 'POST', url: `/api/admin/contracts/${draftFor(c)}/send`, payload: {} }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/admin/contracts/:id/pdf',
    request: (c) => ({ url: `/api/admin/contracts/${draftFor(c)}/pdf` }),
    expect: ADMIN_ONLY(200),
  },
  // Quotes, her quote defaults and the printable invoice.
  {
    method: 'GET',
    route: '/api/admin/bookings/:id/quote',
    request: (c) => ({ url: `/api/admin/bookings/${c.bookingId}/quote` }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/bookings/:id/quote',
    request: (c) => ({
      method: 'PUT',
      url: `/api/admin/bookings/${c.bookingId}/quote`,
      payload: {
        baseCents: 35_000,
        lines: [],
        deposit: { kind: 'none' },
        balanceDueDaysBefore: 0,
        cancellationLadder: [],
      },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/admin/bookings/:id/invoice',
    request: (c) => ({ url: `/api/admin/bookings/${c.bookingId}/invoice` }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/admin/settings/quote',
    request: () => ({ url: '/api/admin/settings/quote' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/settings/quote',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/settings/quote',
      payload: {
        deposit: { kind: 'percent', percent: 50 },
        balanceDueDaysBefore: 7,
        cancellationLadder: [],
        depositTrigger: 'confirmed',
      },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/admin/bookings',
    request: () => ({ url: '/api/admin/bookings' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/admin/calendar-feed',
    request: () => ({ url: '/api/admin/calendar-feed' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/calendar-feed',
    request: () => ({ method: 'POST', url: '/api/admin/calendar-feed', payload: {} }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/calendar-feed',
    request: () => ({ method: 'DELETE', url: '/api/admin/calendar-feed' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/calendar/:file',
    // The feed's secret is its only key: no session opens it without the secret.
    request: () => ({ url: `/api/calendar/${'x'.repeat(43)}.ics` }),
    expect: { visitor: 404, stranger: 404, admin: 404 },
  },
  // What clients did, and her digest setting, are hers alone.
  {
    method: 'GET',
    route: '/api/admin/client-actions',
    request: () => ({ url: '/api/admin/client-actions' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/client-actions/seen',
    request: () => ({ method: 'POST', url: '/api/admin/client-actions/seen', payload: {} }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/admin/settings/client-actions',
    request: () => ({ url: '/api/admin/settings/client-actions' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/settings/client-actions',
    request: () => ({ method: 'PUT', url: '/api/admin/settings/client-actions', payload: { dailyDigest: false } }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/admin/bookings/summary',
    request: () => ({ url: '/api/admin/bookings/summary' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'PATCH',
    route: '/api/admin/bookings/:id',
    request: (c) => ({ method: 'PATCH', url: `/api/admin/bookings/${c.bookingId}`, payload: { status: 'Contacted' } }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/bookings/:id/undo',
    // Nothing is held for this request, so even the admin is told it is too late.
    request: (c) => ({ method: 'POST', url: `/api/admin/bookings/${c.bookingId}/undo`, payload: {} }),
    expect: ADMIN_ONLY(409),
  },
  {
    method: 'POST',
    route: '/api/admin/bookings/:id/accept-reschedule',
    // The client asked for no move, so there is nothing to accept.
    request: (c) => ({ method: 'POST', url: `/api/admin/bookings/${c.bookingId}/accept-reschedule`, payload: {} }),
    expect: ADMIN_ONLY(409),
  },
  {
    method: 'GET',
    route: '/api/admin/availability',
    request: () => ({ url: '/api/admin/availability' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/availability/periods',
    request: () => ({
      method: 'POST',
      url: '/api/admin/availability/periods',
      payload: { startDate: inDays(100), endDate: inDays(101), isAvailable: true, notes: '' },
    }),
    expect: ADMIN_ONLY(201),
  },
  {
    method: 'DELETE',
    route: '/api/admin/availability/periods/:id',
    request: (c) => ({ method: 'DELETE', url: `/api/admin/availability/periods/${c.periodId}` }),
    expect: ADMIN_ONLY(204),
  },
  {
    method: 'POST',
    route: '/api/admin/availability/unavailable',
    request: () => ({
      method: 'POST',
      url: '/api/admin/availability/unavailable',
      payload: { startDate: inDays(100), endDate: inDays(101), reason: '' },
    }),
    expect: ADMIN_ONLY(201),
  },
  {
    method: 'DELETE',
    route: '/api/admin/availability/unavailable/:id',
    request: () => ({ method: 'DELETE', url: '/api/admin/availability/unavailable/no-such-id' }),
    expect: ADMIN_ONLY(404),
  },
  {
    method: 'POST',
    route: '/api/admin/availability/slots',
    request: () => ({
      method: 'POST',
      url: '/api/admin/availability/slots',
      payload: { date: inDays(100), startTime: '09:00', endTime: '17:00', isAvailable: true, notes: '' },
    }),
    expect: ADMIN_ONLY(201),
  },
  {
    method: 'DELETE',
    route: '/api/admin/availability/slots/:id',
    request: () => ({ method: 'DELETE', url: '/api/admin/availability/slots/no-such-id' }),
    expect: ADMIN_ONLY(404),
  },
  {
    method: 'PUT',
    route: '/api/admin/availability/weekly',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/availability/weekly',
      payload: { slots: [{ weekday: 1, startTime: '10:00', endTime: '11:00' }] },
    }),
    expect: ADMIN_ONLY(204),
  },
  {
    method: 'GET',
    route: '/api/admin/settings/sms',
    request: () => ({ url: '/api/admin/settings/sms' }),
    expect: ADMIN_ONLY(200),
  },
  // Whether her site's mail reaches anyone (the dashboard's banner).
  {
    method: 'GET',
    route: '/api/admin/settings/mail',
    request: () => ({ url: '/api/admin/settings/mail' }),
    expect: ADMIN_ONLY(200),
  },
  // Whether the data folder's disk has room (the dashboard's banner when it is full).
  {
    method: 'GET',
    route: '/api/admin/settings/storage',
    request: () => ({ url: '/api/admin/settings/storage' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/settings/sms',
    request: () => ({ method: 'PUT', url: '/api/admin/settings/sms', payload: { smsEnabled: false } }),
    expect: ADMIN_ONLY(200),
  },
  // Her content. Every read of the admin's lists and every write is hers alone; visitors read /api/site.
  { method: 'GET', route: '/api/site', request: () => ({ url: '/api/site' }), expect: OPEN },
  {
    method: 'PUT',
    route: '/api/admin/site',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/site',
      payload: {
        name: 'Matrix Model',
        tagline: '',
        heroImage: '',
        about: '',
        email: '',
        phone: '',
        agency: '',
        social: [],
      },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/comp-card',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/comp-card',
      payload: {
        units: 'metric',
        height: '178 cm',
        bust: '',
        waist: '',
        hips: '',
        dress: '',
        shoe: '',
        hair: '',
        eyes: '',
      },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/admin/services',
    request: () => ({ url: '/api/admin/services' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/services/:id',
    request: (c) => ({
      method: 'PUT',
      url: `/api/admin/services/matrix-${c.seq}`,
      payload: { id: `matrix-${c.seq}`, displayName: 'Matrix', description: '', image: '', price: '', tiers: [] },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/services/:id',
    request: () => ({ method: 'DELETE', url: '/api/admin/services/no-such-id' }),
    expect: ADMIN_ONLY(404),
  },
  {
    method: 'PUT',
    route: '/api/admin/service-order',
    // An order that names no service: the admin reaches the route's own check (400), the others never get that far.
    request: () => ({ method: 'PUT', url: '/api/admin/service-order', payload: { ids: [] } }),
    expect: ADMIN_ONLY(400),
  },
  {
    method: 'PUT',
    route: '/api/admin/portfolio/meta',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/portfolio/meta',
      payload: {
        RUNWAY_SECTION_MAP: {},
        RUNWAY_SECTION_SUBTITLES: {},
        PRINT_CONCEPTS: [],
        PRINT_CONCEPT_KEY_MAP: {},
        PRINT_CONCEPT_DETAILS: {},
        portfolioCategories: [],
        ugcReels: [],
      },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/portfolio',
    // A subtitle without its show: the admin reaches the schema's cross-check (400), the others never get that far.
    request: () => ({
      method: 'PUT',
      url: '/api/admin/portfolio',
      payload: {
        meta: {
          RUNWAY_SECTION_MAP: {},
          RUNWAY_SECTION_SUBTITLES: { gone: 'Left behind' },
          PRINT_CONCEPTS: [],
          PRINT_CONCEPT_KEY_MAP: {},
          PRINT_CONCEPT_DETAILS: {},
          portfolioCategories: [],
          ugcReels: [],
        },
        content: { runway: {}, print: {}, 'comp-card': [], digitals: [] },
      },
    }),
    expect: ADMIN_ONLY(400),
  },
  {
    method: 'PUT',
    route: '/api/admin/portfolio/content',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/portfolio/content',
      payload: { runway: {}, print: {}, 'comp-card': [], digitals: [] },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/admin/projects',
    request: () => ({ url: '/api/admin/projects' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/projects/:id',
    request: (c) => ({
      method: 'PUT',
      url: `/api/admin/projects/matrix-${c.seq}`,
      payload: {
        project: { id: `matrix-${c.seq}`, title: 'Matrix', description: '', category: 'print' },
        gallery: { images: [], videos: [] },
      },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/projects/:id',
    request: () => ({ method: 'DELETE', url: '/api/admin/projects/no-such-id' }),
    expect: ADMIN_ONLY(404),
  },
  // The passkey step: only the step's own cookie (an e-mail link spent once she has a passkey) opens it; a session,
  // the admin's included, does not (passkeys.test.ts goes through the step).
  {
    method: 'POST',
    route: '/api/auth/passkey/options',
    request: () => ({ method: 'POST', url: '/api/auth/passkey/options', payload: {} }),
    expect: { visitor: 401, stranger: 401, admin: 401 },
  },
  {
    method: 'POST',
    route: '/api/auth/passkey',
    request: () => ({ method: 'POST', url: '/api/auth/passkey', payload: assertion }),
    expect: { visitor: 401, stranger: 401, admin: 401 },
  },
  {
    method: 'POST',
    route: '/api/auth/recovery',
    request: () => ({ method: 'POST', url: '/api/auth/recovery', payload: { code: 'AAAAA-AAAAA-AAAAA-AAAAA' } }),
    expect: { visitor: 401, stranger: 401, admin: 401 },
  },
  // Sign-in by passkey alone: open to everyone, as a sign-in is; a session changes nothing. An assertion for
  // a ceremony that was never started is refused alike (passkey-sign-in.test.ts goes through real ones).
  {
    method: 'POST',
    route: '/api/auth/passkey/sign-in/options',
    request: () => ({ method: 'POST', url: '/api/auth/passkey/sign-in/options', payload: {} }),
    expect: OPEN,
  },
  {
    method: 'POST',
    route: '/api/auth/passkey/sign-in',
    request: () => ({
      method: 'POST',
      url: '/api/auth/passkey/sign-in',
      payload: { ceremony: 'A'.repeat(43), response: assertion },
    }),
    expect: { visitor: 401, stranger: 401, admin: 401 },
  },
  // Her passkeys: only her session. Adding one needs a real ceremony (passkeys.test.ts); here a well-formed answer to
  // no challenge gets past the guard to the verification, which refuses it.
  {
    method: 'GET',
    route: '/api/admin/passkeys',
    request: () => ({ url: '/api/admin/passkeys' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/passkeys/options',
    request: () => ({ method: 'POST', url: '/api/admin/passkeys/options', payload: { name: 'Phone' } }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/passkeys',
    request: () => ({ method: 'POST', url: '/api/admin/passkeys', payload: { name: 'Phone', response: attestation } }),
    expect: ADMIN_ONLY(400),
  },
  {
    method: 'DELETE',
    route: '/api/admin/passkeys/:id',
    request: () => ({ method: 'DELETE', url: '/api/admin/passkeys/no-such-id' }),
    expect: ADMIN_ONLY(404),
  },
  // Her trusted devices: only her session; ending one that is not listed is a 404
  // (trusted-devices.test.ts ends real ones).
  {
    method: 'GET',
    route: '/api/admin/trusted-devices',
    request: () => ({ url: '/api/admin/trusted-devices' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/trusted-devices/:id',
    request: () => ({ method: 'DELETE', url: '/api/admin/trusted-devices/AAAAAAAAAAAAAAAAAAAAAA' }),
    expect: ADMIN_ONLY(404),
  },
  // The deploy API: a remote's deploy token only, never a session, the admin's included (deploys.test.ts
  // covers the tokens: none, unknown, revoked, another remote's).
  {
    method: 'PUT',
    route: '/api/deploy/:remote/versions',
    request: () => ({
      method: 'PUT',
      url: '/api/deploy/public-site/versions',
      headers: { 'content-type': 'application/gzip' },
      payload: Buffer.from('not read'),
    }),
    expect: DEPLOY_TOKEN_ONLY,
  },
  {
    method: 'POST',
    route: '/api/deploy/:remote/live',
    request: () => ({ method: 'POST', url: '/api/deploy/public-site/live', payload: {} }),
    expect: DEPLOY_TOKEN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/deploy/:remote/versions',
    request: () => ({ url: '/api/deploy/admin-app/versions' }),
    expect: DEPLOY_TOKEN_ONLY,
  },
  // Her Deployments view: her session, never a deploy token.
  {
    method: 'GET',
    route: '/api/admin/deployments',
    request: () => ({ url: '/api/admin/deployments' }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/admin/deployments/:remote/live',
    request: () => ({
      method: 'POST',
      url: '/api/admin/deployments/public-site/live',
      payload: { version: '0123456789abcdef' },
    }),
    expect: ADMIN_ONLY(404),
  },
  {
    method: 'POST',
    route: '/api/admin/deployments/:remote/versions/:version/preview',
    request: () => ({
      method: 'POST',
      url: '/api/admin/deployments/public-site/versions/0123456789abcdef/preview',
      payload: {},
    }),
    expect: ADMIN_ONLY(404),
  },
  // Uploads: the guard runs before the body is read; the admin's upload is processed for real (admin-media.test.ts).
  {
    method: 'POST',
    route: '/api/admin/media',
    request: () => ({
      method: 'POST',
      url: '/api/admin/media',
      payload: uploadForm.payload,
      headers: { 'content-type': uploadForm.contentType },
    }),
    expect: ADMIN_ONLY(201),
  },
  {
    method: 'DELETE',
    route: '/api/admin/media/:id',
    request: () => ({ method: 'DELETE', url: '/api/admin/media/00000000-0000-4000-8000-000000000000' }),
    expect: ADMIN_ONLY(404),
  },
];

// The live stream never ends, so it is tested over a real socket below rather than through inject().
const LIVE_STREAM = { method: 'GET', route: '/api/admin/events', expect: ADMIN_ONLY(200) };

let t: TestApp;

const CONTRACT_FORM = {
  clientName: 'Matrix',
  modelName: 'Ava',
  effectiveDate: '2026-03-02',
  serviceType: 'UGC',
  timeline: '4',
  governingLaw: 'Arizona',
};
/** A draft contract for the cell's booking, stored directly. */
const draftFor = (c: Ctx): string => c.draftId;
const sessions: Record<Role, string | null> = { visitor: null, stranger: null, admin: null };
let seq = 0;

beforeAll(async () => {
  // The live stream is read over a real socket, where her origin is named as the proxy in front would name it.
  t = await build({ trustProxy: ['127.0.0.1'] });
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('alt', 'Matrix');
  form.append('section', 'comp-card');
  form.append('file', new Blob([png], { type: 'image/png' }), 'matrix.png');
  const encoded = new Response(form);
  uploadForm = {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
});
afterAll(() => t.close());

/** A booking request as the API would have stored it, without dates. */
const matrixBooking = (): NewBookingRequest => ({
  name: 'Matrix',
  email: 'm@example.com',
  phone: '',
  serviceId: 'usergeneratedcontent',
  service: 'User-Generated Content',
  servicePrice: '$150',
  serviceTier: 'Single Video',
  serviceTierId: 'ugc-single',
  paymentSchedule: '50% upfront, 50% upon completion',
  endDate: '',
  time: '',
  consultationTime: '',
  date: '',
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: 'x',
  smsOptIn: false,
  status: 'New' as const,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

async function context(): Promise<Ctx> {
  seq++;
  const bookingId = (await storeBooking(t.repos, matrixBooking())).id;
  // The draft belongs to a booking of its own: a booking with an open draft refuses a new contract (409).
  const draftBookingId = (await storeBooking(t.repos, matrixBooking())).id;
  const at = new Date().toISOString();
  const periodId = await t.repos.availability.addPeriod(
    { startDate: inDays(200), endDate: inDays(201), isAvailable: true, notes: '' },
    at,
  );
  const draft = await t.repos.storage.contracts.create(
    draftBookingId,
    { form: CONTRACT_FORM, deal: EMPTY_CONTRACT_DEAL, paperSize: 'a4' },
    at,
    { type: 'created', actor: ADMIN_EMAIL, ip: '', userAgent: '' },
  );
  return { bookingId, periodId, draftId: draft.id, seq };
}

async function as(role: Role, options: InjectOptions): Promise<InjectOptions> {
  // Each cell signs in afresh: DELETE /api/auth/session in an earlier cell ends the session it was given.
  sessions.stranger = (await t.repos.sessions.create('stranger@example.com')).id;
  sessions.admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const session = sessions[role];
  return withCsrf({ ...options, cookies: session ? { studio_session: session } : {} });
}

test('the table covers every API route the server has', () => {
  const inTable = [...TABLE, LIVE_STREAM].map((r) => `${r.method} ${r.route}`).sort();
  const served = registeredRoutes(t.app)
    .filter((r) => r.includes(' /api/'))
    .sort();
  expect(inTable).toEqual(served);
});

const cells = TABLE.flatMap((row) =>
  (['visitor', 'stranger', 'admin'] as Role[]).map((role) => [row.method, row.route, role, row] as const),
);

test.each(cells)('%s %s as %s', async (_method, _route, role, row) => {
  const res = await t.app.inject(await as(role, row.request(await context())));
  expect({ status: res.statusCode, body: res.statusCode >= 400 ? res.json() : undefined }).toMatchObject({
    status: row.expect[role],
  });
});

test('what a visitor reads of availability and sessions holds nothing private', async () => {
  await t.repos.availability.addUnavailable(
    { startDate: inDays(150), endDate: inDays(150), reason: 'PRIVATE-REASON' },
    new Date().toISOString(),
  );
  const avail = await t.app.inject(await as('visitor', { url: '/api/availability' }));
  expect(avail.body).not.toContain('PRIVATE-REASON');
  const me = await t.app.inject(await as('visitor', { url: '/api/auth/session' }));
  expect(me.json()).toEqual({ user: null });
  const stranger = await t.app.inject(await as('stranger', { url: '/api/auth/session' }));
  expect(stranger.json()).toEqual({ user: { email: 'stranger@example.com', isAdmin: false } });
});

describe('the live stream', () => {
  let origin: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  test.each(['visitor', 'stranger', 'admin'] as Role[])('as %s', async (role) => {
    await as(role, { url: '/' });
    const session = sessions[role];
    const controller = new AbortController();
    const res = await fetch(`${origin}/api/admin/events`, {
      headers: {
        'x-forwarded-host': ADMIN_VIA_PROXY['x-forwarded-host'],
        ...(session ? { cookie: `studio_session=${session}` } : {}),
      },
      signal: controller.signal,
    });
    try {
      expect(res.status).toBe(LIVE_STREAM.expect[role]);
      if (role === 'admin') expect(res.headers.get('content-type')).toContain('text/event-stream');
    } finally {
      controller.abort();
    }
  });
});
