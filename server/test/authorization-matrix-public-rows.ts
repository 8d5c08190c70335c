// The authorisation matrix's open routes: what a visitor reads, the public writes, the manage link's and the calendar
// feed's token-only routes, Stripe's webhook, signing in and the development outbox.
import { OPEN, type Row } from './authorization-matrix-kit';
import { ADMIN_EMAIL, ugcBookingInput } from './helper';

const ugcBooking = { ...ugcBookingInput, name: 'Matrix Visitor', email: 'matrix@example.com' };

export const PUBLIC_ROWS: Row[] = [
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
];
