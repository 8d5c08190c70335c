// What the payment tests share (payments*.test.ts): the app on the real server, with or without Stripe's stand-in,
// a confirmed booking, the client's and her calls, signed webhook events and the views of what is paid.
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { BookingRequest } from '@studio/shared/domain';
import type { PaymentView } from '@studio/shared/domain/payments';
import type { Change } from '../src/platform/change-bus';
import type { BookingQuote } from '@studio/shared/domain/quote';
import {
  ADMIN_EMAIL,
  atStudio,
  bookThroughApi,
  build,
  outboxMails,
  photoshootInput,
  withCsrf,
  type TestApp,
} from './helper';
import { startStripeStandIn, type StandInSession, type StripeStandIn } from './stripe-stand-in';

export const TODAY = '2026-11-21';
export const NOW = atStudio(TODAY);
export const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;

export let t: TestApp;
export let stripe: StripeStandIn;
export let changes: Change[];

export async function start(online: boolean) {
  stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  t = await build({
    now: () => NOW,
    // Her status mails leave at once (no Undo window): the confirmation mail's deposit link is read at once.
    statusUndoMs: 0,
    stripe: online
      ? { secretKey: 'sk_test_stand_in', webhookSecret: WEBHOOK_SECRET, apiBase: new URL(stripe.url) }
      : undefined,
  });
  changes = [];
  t.bus.subscribe((c) => changes.push(c));
}

/** Closes each test's app and stand-in after it. */
export function closeAfterEach(): void {
  afterEach(async () => {
    await t?.close();
    await stripe?.close();
  });
}

export const post = (url: string, payload: unknown) =>
  t.app.inject(withCsrf({ method: 'POST', url, payload: payload as InjectOptions['payload'] }));

let admin = '';
export const asAdmin = (options: InjectOptions) =>
  t.app.inject(withCsrf({ ...options, cookies: { studio_session: admin } }));

export const mails = () => outboxMails(t);
export const receipts = () => mails().filter((m) => /^(Receipt|Refund):/.test(m.subject));
export const count = (table: string) =>
  (t.app.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

/** A confirmed booking and the token of the client's manage link (read from her mail). */
export async function confirmedBooking(): Promise<{ booking: BookingRequest; token: string }> {
  const { booking, token } = await bookThroughApi(t, photoshootInput(TODAY));
  const confirmed = (await t.repos.bookings.updateStatus(booking.id, 'Confirmed', NOW.toISOString()))!;
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  return { booking: confirmed, token };
}

export const deliver = (event: object, secret = WEBHOOK_SECRET) => {
  const { body, signature } = stripe.signedEvent(event, secret);
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
};

/** The booking's quote as her dashboard reads it (the tier price with her defaults until she saves one). */
export const currentQuote = async (booking: BookingRequest) => {
  const res = await asAdmin({ method: 'GET', url: `/api/admin/bookings/${booking.id}/quote` });
  expect(res.statusCode).toBe(200);
  return res.json() as BookingQuote;
};

export const clientView = async (token: string) => {
  const res = await post('/api/manage-booking/payment', { token });
  expect(res.statusCode).toBe(200);
  return res.json() as PaymentView;
};
export const adminView = async (id: string) => {
  const res = await asAdmin({ method: 'GET', url: `/api/admin/bookings/${id}/payments` });
  expect(res.statusCode).toBe(200);
  return res.json() as PaymentView;
};

/** The client pays the deposit: the session the server made at the stand-in. */
export async function payDeposit(token: string): Promise<StandInSession> {
  const res = await post('/api/manage-booking/checkout', { token, kind: 'deposit' });
  expect(res.statusCode).toBe(200);
  const id = /\/pay\/(cs_test_\d+)$/.exec((res.json() as { url: string }).url)![1]!;
  return stripe.sessions.get(id)!;
}
