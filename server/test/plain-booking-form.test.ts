// The booking form posted without JavaScript. POST /book-me takes the urlencoded form, checks it by the
// JSON API's own code path (the shared schema, acceptBooking, the same store), and answers with the booking page
// rendered with what happened: the confirmation, or the form again with each field's message and what was entered.
// A plain form cannot send the CSRF header, so it is held to the Origin check (platform/http/csrf.ts, formPostRefusal).
// The page is rendered by stand-in entries (plain-form-site.ts) that print what the server gave them; the real page
// is checked in a browser without JavaScript (e2e/tests/plain-booking.spec.ts).
import { ORIGIN_REFUSED, CSRF_REFUSED } from '../src/platform/http/csrf';
import { bookingInputOfForm } from '../src/features/bookings/bookings.routes';
import { ugcBookingInput, type TestApp } from './helper';
import { answerOf, buildPlainFormSite, formOf, ORIGIN, type PlainFormSite } from './plain-form-site';

let site: PlainFormSite;
let t: TestApp;

beforeEach(async () => {
  site = await buildPlainFormSite();
  t = site.t;
});

afterEach(async () => {
  await site.close();
});

const { smsOptIn: _unticked, ...ugcFields } = ugcBookingInput;
const fields: Record<string, string> = { ...ugcFields, endDate: '', time: '', consultationTime: '' };

const post = (...args: Parameters<PlainFormSite['post']>) => site.post(...args);
const stored = async () => (await t.repos.bookings.page()).items;

test('a valid plain post is stored like a JSON request and answered with the confirmation page', async () => {
  const res = await post(formOf({ ...fields, smsOptIn: 'on' }));
  expect(res.statusCode).toBe(201);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-store');
  const bookings = await stored();
  expect(bookings).toHaveLength(1);
  expect(bookings[0]).toMatchObject({ name: 'Dana Reyes', serviceTierId: 'ugc-single', status: 'New', smsOptIn: true });
  expect(answerOf(res.body)).toEqual({
    form: 'booking',
    outcome: 'sent',
    reference: expect.stringMatching(/\S/),
  });
  // The page reads without its script: the no-JavaScript notice is gone.
  expect(res.body).not.toContain('This site needs JavaScript');
  // The same request posted again (Back, then resend) is answered with the booking already stored.
  const again = await post(formOf({ ...fields, smsOptIn: 'on' }));
  expect(again.statusCode).toBe(201);
  expect(answerOf(again.body)).toEqual(answerOf(res.body));
  expect(await stored()).toHaveLength(1);
});

test('bad fields come back on the page with each message and what was entered; nothing is stored', async () => {
  const res = await post(formOf({ ...fields, name: ' ', email: 'not-an-address', description: 'Keep <this>' }));
  expect(res.statusCode).toBe(400);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const answer = answerOf(res.body) as { outcome: string; values: Record<string, unknown>; fieldErrors: object };
  expect(answer.outcome).toBe('refused');
  expect(Object.keys(answer.fieldErrors).sort()).toEqual(['description', 'email', 'name']);
  expect(answer.values).toMatchObject({ email: 'not-an-address', description: 'Keep <this>', smsOptIn: false });
  // Markup a visitor typed is data in the page, never markup.
  expect(res.body).not.toContain('Keep <this>');
  expect(await stored()).toEqual([]);
});

test('a plain post is refused without its Origin, from another site, or not as a web form', async () => {
  const body = formOf(fields);
  const bare = await post(body, {});
  expect(bare.statusCode).toBe(403);
  expect(bare.json()).toEqual({ message: ORIGIN_REFUSED });
  expect((await post(body, { origin: 'https://evil.example' })).statusCode).toBe(403);
  const crossSite = await post(body, { origin: ORIGIN, 'sec-fetch-site': 'cross-site' });
  expect(crossSite.json()).toEqual({ message: CSRF_REFUSED });
  const json = await t.app.inject({
    method: 'POST',
    url: '/book-me',
    payload: { ...ugcBookingInput },
    headers: { origin: ORIGIN },
  });
  expect(json.statusCode).toBe(415);
  expect(await stored()).toEqual([]);
});

test('only the schema fields are taken from a post, the checkbox as ticked or not', () => {
  expect(bookingInputOfForm({ name: 'A', extra: 'x', smsOptIn: 'on' })).toEqual({
    name: 'A',
    email: '',
    phone: '',
    serviceId: '',
    serviceTierId: '',
    date: '',
    endDate: '',
    time: '',
    consultationDate: '',
    consultationTime: '',
    consultationLocation: '',
    location: '',
    description: '',
    smsOptIn: true,
  });
  expect(bookingInputOfForm({}).smsOptIn).toBe(false);
});
