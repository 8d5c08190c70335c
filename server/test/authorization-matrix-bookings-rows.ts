// The authorisation matrix's rows for her bookings: contracts, payments, quotes and the invoice, the calendar feed,
// what clients did, her availability and the settings the dashboard reads.
import { ADMIN_ONLY, CONTRACT_FORM, draftFor, inDays, type Row } from './authorization-matrix-kit';

export const BOOKING_ROWS: Row[] = [
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
    method: 'GET',
    route: '/api/admin/events/poll',
    // The live updates by long poll (where a stream cannot stay open); without a wait it answers at once.
    request: () => ({ url: '/api/admin/events/poll?wait=0' }),
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
];
