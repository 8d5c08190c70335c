// The site's HTTP API as the specs drive it besides the browser: the development outbox the server keeps instead of
// sending mail, and the admin's API on her origin with her session, as her dashboard sends it. One copy, so a spec
// reads mail and acts as her the way every other spec does.
import { randomBytes } from 'node:crypto';
import { adminUrlOf } from './server';
import { request as playwrightRequest, expect, type APIRequestContext, type Page } from '@playwright/test';

/** A message the server put in its development outbox (GET /api/dev/outbox). */
export interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
}

/** Every message in the outbox of the server at `base`, newest first. */
export async function readOutbox(request: APIRequestContext, base: string): Promise<OutboxMessage[]> {
  return (await (await request.get(`${base}/api/dev/outbox`)).json()) as OutboxMessage[];
}

/**
 * A request context on her origin (by default the one startServer gives the server at `base`) carrying the session
 * `page` signed in with and her origin as Origin: what her dashboard sends. No CSRF token: the server asks for the
 * Origin of the addressed origin alone. The caller disposes of it.
 */
export async function adminApi(page: Page, base: string, adminURL = adminUrlOf(base)): Promise<APIRequestContext> {
  const session = (await page.context().cookies(adminURL)).find((c) => c.name === 'studio_session')?.value;
  expect(session, 'the page is signed in').toBeTruthy();
  return playwrightRequest.newContext({
    baseURL: adminURL,
    extraHTTPHeaders: { Cookie: `studio_session=${session}`, Origin: adminURL },
  });
}

/**
 * A visitor's UGC request (no dates, so any day's availability suits it) posted to the server at `base` as the booking
 * form posts it, under a name and address of its own: answers its id, the name and address it used, and the manage
 * token read from the client's confirmation mail once the outbox has it.
 */
export async function bookAsVisitor(
  request: APIRequestContext,
  base: string,
  prefix: string,
): Promise<{ id: string; name: string; email: string; token: string }> {
  const letters = randomBytes(4).toString('hex');
  const name = `${prefix} ${letters}`;
  const email = `${prefix.toLowerCase().replace(/[^a-z]+/g, '.')}.${letters}@example.com`;
  // A write carries the Origin of the public origin it is sent to, as the booking form's does.
  const visitor = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
  const booked = await visitor.post('/api/bookings', {
    headers: { 'Idempotency-Key': `visitor-${letters}` },
    data: {
      name,
      email,
      phone: '',
      serviceId: 'usergeneratedcontent',
      serviceTierId: 'ugc-single',
      date: '',
      consultationDate: '',
      consultationLocation: '',
      location: '',
      description: 'A product video.',
      smsOptIn: false,
    },
  });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()) as { id: string };
  await visitor.dispose();
  let token = '';
  await expect(async () => {
    const mail = (await readOutbox(request, base)).find((m) => m.recipient === email);
    token = /\/manage-booking#([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
  }).toPass();
  return { id, name, email, token };
}
