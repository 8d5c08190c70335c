// Her contact form posted without JavaScript. It posts to its page, /book-me, naming itself in a hidden
// field, and goes through what POST /api/contact does: the shared contact schema, her client action (recorded and
// mailed to her with the visitor's address to reply to), the public write rate limit; a plain form cannot send the
// CSRF header, so it is held to the Origin check as the booking form is. The answer is the page rendered with the
// thank-you, or the form again with each field's message and what was written.
import type { MailMessage } from '../src/features/messaging/mailer';
import { ORIGIN_REFUSED, CSRF_REFUSED } from '../src/platform/http/csrf';
import { CONTACT_SEND_FAILED, contactMessageOfForm } from '../src/features/messaging/contact.routes';
import { PLAIN_FORM_UNKNOWN } from '../src/features/pages/plain-forms.routes';
import { ADMIN_EMAIL } from './helper';
import { answerOf, buildPlainFormSite, formOf, ORIGIN, type PlainFormSite } from './plain-form-site';

const fields = {
  form: 'contact',
  name: 'Rosa Diaz',
  email: 'rosa@example.com',
  phone: '(602) 555-0100',
  message: 'Are you free for a lookbook in early June?',
};

let site: PlainFormSite | undefined;
let sent: MailMessage[];

const start = async (overrides: Parameters<typeof buildPlainFormSite>[0] = {}) => {
  sent = [];
  site = await buildPlainFormSite({ mailer: { kind: 'smtp', send: async (m) => void sent.push(m) }, ...overrides });
  return site;
};

afterEach(async () => {
  await site?.close();
  site = undefined;
});

const recorded = async (s: PlainFormSite) => s.t.repos.storage.clientActions.recent(10);

test('a plain post reaches her as the API message does and is answered with the thank-you page', async () => {
  const s = await start();
  const res = await s.post(formOf(fields));
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(answerOf(res.body)).toEqual({ form: 'contact', outcome: 'sent' });
  expect(res.body).not.toContain('This site needs JavaScript');
  expect(sent).toEqual([
    {
      to: ADMIN_EMAIL,
      replyTo: 'rosa@example.com',
      subject: 'Message from Rosa Diaz (nothing was bookable)',
      text: expect.stringContaining('Are you free for a lookbook in early June?'),
      fromName: 'Ava Monroe',
    },
  ]);
  expect(await recorded(s)).toEqual([
    expect.objectContaining({ kind: 'contact', clientName: 'Rosa Diaz', email: 'rosa@example.com' }),
  ]);
  // Nothing of it is a booking.
  expect((await s.t.repos.bookings.page()).items).toEqual([]);
});

test('bad fields come back on the page with each message and what was written; nothing is sent', async () => {
  const s = await start();
  const res = await s.post(formOf({ ...fields, name: ' ', email: 'not-an-address', message: 'Keep <this>' }));
  expect(res.statusCode).toBe(400);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const answer = answerOf(res.body) as {
    form: string;
    outcome: string;
    values: Record<string, unknown>;
    fieldErrors: Record<string, string>;
  };
  expect(answer).toMatchObject({ form: 'contact', outcome: 'refused' });
  expect(Object.keys(answer.fieldErrors).sort()).toEqual(['email', 'message', 'name']);
  expect(answer.values).toEqual({
    name: ' ',
    email: 'not-an-address',
    phone: '(602) 555-0100',
    message: 'Keep <this>',
  });
  // Markup a visitor typed is data in the page, never markup.
  expect(res.body).not.toContain('Keep <this>');
  expect(sent).toEqual([]);
  expect(await recorded(s)).toEqual([]);
});

test('a mail that cannot leave is said on the page, with what she wrote kept', async () => {
  const s = await start({ mailer: { kind: 'smtp', send: () => Promise.reject(new Error('SMTP down')) } });
  const res = await s.post(formOf(fields));
  expect(res.statusCode).toBe(502);
  expect(answerOf(res.body)).toEqual({
    form: 'contact',
    outcome: 'refused',
    values: { name: 'Rosa Diaz', email: 'rosa@example.com', phone: '(602) 555-0100', message: fields.message },
    fieldErrors: {},
    message: CONTACT_SEND_FAILED,
  });
});

test('a plain post is refused without its Origin, from another site, or not as a web form; nothing is sent', async () => {
  const s = await start();
  const body = formOf(fields);
  const bare = await s.post(body, {});
  expect(bare.statusCode).toBe(403);
  expect(bare.json()).toEqual({ message: ORIGIN_REFUSED });
  expect((await s.post(body, { origin: 'https://evil.example' })).json()).toEqual({ message: ORIGIN_REFUSED });
  const crossSite = await s.post(body, { origin: ORIGIN, 'sec-fetch-site': 'cross-site' });
  expect(crossSite.statusCode).toBe(403);
  expect(crossSite.json()).toEqual({ message: CSRF_REFUSED });
  const json = await s.t.app.inject({ method: 'POST', url: '/book-me', payload: fields, headers: { origin: ORIGIN } });
  expect(json.statusCode).toBe(415);
  expect(sent).toEqual([]);
  expect(await recorded(s)).toEqual([]);
});

test('a post naming no form of the page is refused', async () => {
  const s = await start();
  const res = await s.post(formOf({ ...fields, form: 'newsletter' }));
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: PLAIN_FORM_UNKNOWN });
  expect(sent).toEqual([]);
});

test('the plain post shares the rate limit of public writes', async () => {
  const s = await start({ publicWriteLimitPerMinute: 2 });
  expect((await s.post(formOf(fields))).statusCode).toBe(200);
  expect((await s.post(formOf(fields))).statusCode).toBe(200);
  expect((await s.post(formOf(fields))).statusCode).toBe(429);
  expect(sent).toHaveLength(2);
});

test('only the schema fields are taken from a post', () => {
  expect(contactMessageOfForm({ name: 'A', form: 'contact', extra: 'x' })).toEqual({
    name: 'A',
    email: '',
    phone: '',
    message: '',
  });
});
