// A local stand-in for the few Stripe endpoints the server calls, so the payment tests run without
// the internet against the real `stripe` library, pointed here by STRIPE_API_BASE (config.ts: tests only):
// - POST /v1/checkout/sessions creates a session from the form body Stripe's library sends, and answers the same
//   session again for a repeated Idempotency-Key, as Stripe does.
// - GET /pay/:id is a tiny checkout page; its "Pay" button (POST /pay/:id) completes the session: it posts a
//   `checkout.session.completed` event, signed with the library's own test-header helper and the endpoint's secret,
//   to the server's webhook, then sends the browser back to the session's success_url, as Stripe Checkout does.
// Every request the server made is kept (`requests`) for the tests to read.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  amount_total: number;
  currency: string;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete';
  payment_intent: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
}

export interface StripeStandIn {
  /** http://127.0.0.1:<port>: STRIPE_API_BASE. */
  url: string;
  /** What the server posted to /v1/checkout/sessions: the form fields and the Idempotency-Key. */
  requests: Array<{ form: Record<string, string>; idempotencyKey: string | undefined; authorization: string }>;
  sessions: Map<string, StandInSession>;
  /** Where the Pay button posts its signed event (the server's /api/stripe/webhook); set once the server listens. */
  webhookUrl: string;
  /** A signed event as Stripe would deliver it: its body and Stripe-Signature header. */
  signedEvent(event: object, secret?: string): { body: string; signature: string };
  completedEvent(session: StandInSession, id?: string): object;
  refundedEvent(paymentIntent: string, amountRefunded: number, id?: string): object;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const stripeForSigning = new Stripe('sk_test_stand_in');

export async function startStripeStandIn(options: {
  webhookSecret: string;
  webhookUrl?: string;
}): Promise<StripeStandIn> {
  const requests: StripeStandIn['requests'] = [];
  const sessions = new Map<string, StandInSession>();
  const byKey = new Map<string, StandInSession>();
  let seq = 0;
  let eventSeq = 0;
  let base = '';

  const signedEvent = (event: object, secret = options.webhookSecret) => {
    const body = JSON.stringify(event);
    return { body, signature: stripeForSigning.webhooks.generateTestHeaderString({ payload: body, secret }) };
  };
  const completedEvent = (session: StandInSession, id = `evt_test_${++eventSeq}`) => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: null,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { ...session, status: 'complete', payment_status: 'paid' } },
  });
  const refundedEvent = (paymentIntent: string, amountRefunded: number, id = `evt_test_${++eventSeq}`) => ({
    id,
    object: 'event',
    type: 'charge.refunded',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: null,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: `ch_test_${eventSeq}`,
        object: 'charge',
        payment_intent: paymentIntent,
        amount_refunded: amountRefunded,
        refunded: true,
      },
    },
  });

  const standIn: StripeStandIn = {
    url: '',
    requests,
    sessions,
    webhookUrl: options.webhookUrl ?? '',
    signedEvent,
    completedEvent,
    refundedEvent,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
        const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
        requests.push({ form, idempotencyKey, authorization: req.headers.authorization ?? '' });
        const again = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
        if (again) return json(200, again);
        const id = `cs_test_${++seq}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(form)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m?.[1]) metadata[m[1]] = v;
        }
        const now = Math.floor(Date.now() / 1000);
        const session: StandInSession = {
          id,
          object: 'checkout.session',
          url: `${base}/pay/${id}`,
          mode: form.mode ?? 'payment',
          amount_total:
            Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]'] ?? 1),
          currency: form['line_items[0][price_data][currency]'] ?? 'usd',
          payment_status: 'unpaid',
          status: 'open',
          payment_intent: `pi_test_${seq}`,
          client_reference_id: form.client_reference_id ?? null,
          customer_email: form.customer_email ?? null,
          metadata,
          success_url: form.success_url ?? '',
          cancel_url: form.cancel_url ?? '',
          expires_at: now + 24 * 60 * 60,
          created: now,
        };
        sessions.set(id, session);
        if (idempotencyKey) byKey.set(idempotencyKey, session);
        return json(200, session);
      }
      // The checkout page's browser asks for an icon; none, without an error in its console.
      if (url.pathname === '/favicon.ico') {
        res.writeHead(204);
        res.end();
        return;
      }
      const pay = /^\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      const session = pay?.[1] ? sessions.get(pay[1]) : undefined;
      if (pay && !session) return json(404, { error: { message: 'No such checkout session' } });
      if (req.method === 'GET' && session) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width">
<title>Stand-in checkout</title></head><body style="font-family: system-ui; padding: 24px">
<h1>Stand-in checkout</h1><p>Amount: <span id="amount">${(session.amount_total / 100).toFixed(2)}</span> ${session.currency.toUpperCase()}</p>
<form method="post"><button type="submit">Pay</button></form></body></html>`);
        return;
      }
      if (req.method === 'POST' && session) {
        if (!standIn.webhookUrl) return json(500, { error: { message: 'No webhook address' } });
        const { body, signature } = signedEvent(completedEvent(session));
        const delivered = await fetch(standIn.webhookUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
          body,
        });
        if (!delivered.ok) return json(502, { error: { message: `webhook answered ${delivered.status}` } });
        sessions.set(session.id, { ...session, status: 'complete', payment_status: 'paid' });
        res.writeHead(303, { Location: session.success_url });
        res.end();
        return;
      }
      json(404, { error: { message: `Unknown stand-in route ${req.method} ${url.pathname}` } });
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.url = base;
  return standIn;
}
