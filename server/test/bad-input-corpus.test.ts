// The bad input corpus: for the booking write and the sign-in endpoints, each bad input gets a 4xx with a clear
// message and nothing is stored; plus property-based fuzzing (fast-check) of the booking write.
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { INVISIBLE_CHARACTERS_MESSAGE } from '@studio/shared/refusal-messages';
import { NO_MARKUP_MESSAGE } from '@studio/shared/schemas';
import { ADMIN_EMAIL, build, withCsrf, type TestApp } from './helper';

let t: TestApp;
let seq = 0;
beforeAll(async () => {
  t = await build({ publicWriteLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

const bookings = () => (t.app.db.prepare('SELECT COUNT(*) AS n FROM booking_requests').get() as { n: number }).n;
const tokens = () => (t.app.db.prepare('SELECT COUNT(*) AS n FROM sign_in_tokens').get() as { n: number }).n;
const sessionRows = () => (t.app.db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n;
/** Mails stored so far, once every mail the app has started to send (a booking's, say) has landed. */
const mails = async () => {
  await t.settled();
  return (t.app.db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n;
};

const valid = () => ({
  name: 'Dana Reyes',
  email: 'dana@example.com',
  phone: '+15551234567',
  serviceId: 'usergeneratedcontent',
  serviceTierId: 'ugc-single',
  date: '',
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: 'Two short videos for a skincare launch.',
  smsOptIn: false,
});

/** Sends a raw body (string) so keys like __proto__ reach the server as written. */
function postRaw(url: string, body: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject(
    withCsrf({
      method: 'POST',
      url,
      payload: body,
      headers: { 'content-type': 'application/json', 'idempotency-key': `corpus-${++seq}`, ...headers },
    }) as InjectOptions,
  );
}

const TEXT_FIELDS = ['name', 'consultationLocation', 'location', 'description'] as const;

describe('booking write', () => {
  test('a valid booking is accepted (the corpus below differs from it in one way each)', async () => {
    const res = await postRaw('/api/bookings', JSON.stringify(valid()));
    expect(res.statusCode).toBe(201);
  });

  const cases: Array<[string, string]> = [
    ['a body over 1 MiB', JSON.stringify({ ...valid(), description: 'x'.repeat(1024 * 1024 + 10) })],
    ['a __proto__ key', `{"__proto__":{"status":"Confirmed"},${JSON.stringify(valid()).slice(1)}`],
    [
      'a nested __proto__ key',
      JSON.stringify({ ...valid() }).replace('"smsOptIn":false', '"smsOptIn":false,"x":{"__proto__":{"admin":true}}'),
    ],
    [
      'a constructor.prototype key',
      `{"constructor":{"prototype":{"isAdmin":true}},${JSON.stringify(valid()).slice(1)}`,
    ],
    ['a constructor key', JSON.stringify({ ...valid(), constructor: 'x' })],
    ['an array body', JSON.stringify([valid()])],
    ['a null body', 'null'],
    ['a string body', '"booking"'],
    ['truncated JSON', JSON.stringify(valid()).slice(0, 40)],
    ['an empty object', '{}'],
    ['a date with a time', JSON.stringify({ ...valid(), date: '2030-01-01T10:00:00Z' })],
    ['a date in another format', JSON.stringify({ ...valid(), date: '01/02/2030' })],
    ['an impossible date', JSON.stringify({ ...valid(), date: '2030-13-01' })],
    ['a date long past', JSON.stringify({ ...valid(), date: '1999-12-31' })],
    ['a client-set id', JSON.stringify({ ...valid(), id: 'mine' })],
    ['a client-set serviceTier', JSON.stringify({ ...valid(), serviceTier: 'Free' })],
    ['a client-set servicePrice', JSON.stringify({ ...valid(), servicePrice: '$0' })],
    ['a boolean as phone', JSON.stringify({ ...valid(), phone: true })],
    ['an object as description', JSON.stringify({ ...valid(), description: { text: 'x' } })],
    ['a number as smsOptIn', JSON.stringify({ ...valid(), smsOptIn: 1 })],
    ['an oversize e-mail', JSON.stringify({ ...valid(), email: `${'a'.repeat(250)}@example.com` })],
    ['an oversize location', JSON.stringify({ ...valid(), location: 'L'.repeat(201) })],
    ['an oversize phone', JSON.stringify({ ...valid(), phone: '1'.repeat(21) })],
    ...TEXT_FIELDS.flatMap((field): Array<[string, string]> => [
      [`a NUL character in ${field}`, JSON.stringify({ ...valid(), [field]: 'abc\u0000def' })],
      [`an escape character in ${field}`, JSON.stringify({ ...valid(), [field]: 'abc\u001b[31mred' })],
      [`a script tag in ${field}`, JSON.stringify({ ...valid(), [field]: '<script>alert(1)</script>' })],
      [`an img onerror in ${field}`, JSON.stringify({ ...valid(), [field]: '<img src=x onerror=alert(1)>' })],
      [`a javascript: URL in ${field}`, JSON.stringify({ ...valid(), [field]: 'javascript:alert(1)' })],
      [`an encoded tag in ${field}`, JSON.stringify({ ...valid(), [field]: '&lt;script&gt;alert(1)' })],
    ]),
    ['a newline in the name', JSON.stringify({ ...valid(), name: 'Dana\nReyes' })],
    ['a script in the e-mail', JSON.stringify({ ...valid(), email: '<script>@example.com' })],
  ];

  test.each(cases)('%s: 4xx with a clear message, nothing stored', async (_name, body) => {
    const before = bookings();
    const res = await postRaw('/api/bookings', body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const answer = res.json() as { message: string; fieldErrors?: Record<string, string[]> };
    expect(answer.message.length).toBeGreaterThan(10);
    expect(bookings()).toBe(before);
  });

  test('markup is named in the field error', async () => {
    const res = await postRaw('/api/bookings', JSON.stringify({ ...valid(), name: '<b>Dana</b>' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.name).toContain(NO_MARKUP_MESSAGE);
  });

  test('a body over 1 MiB is a 413', async () => {
    const res = await postRaw(
      '/api/bookings',
      JSON.stringify({ ...valid(), description: 'x'.repeat(1024 * 1024 + 10) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request is too large.');
  });

  // Before the shared text rule these were stored (a lone surrogate as invalid UTF-8).
  const HIDDEN: Array<[string, string]> = [
    ['a right-to-left override', 'Dana \u202Esoyer'],
    ['a right-to-left isolate', 'Dana \u2067Reyes\u2069'],
    ['a left-to-right mark', 'Dana\u200E Reyes'],
    ['a zero-width space', 'Da\u200Bna'],
    ['a zero-width joiner between letters', 'Da\u200Dna'],
    ['a byte order mark inside a word', 'Da\uFEFFna'],
    ['a word joiner', 'Da\u2060na'],
    ['a lone high surrogate', 'Dana \uD83D Reyes'],
    ['a lone low surrogate', 'Dana \uDE00 Reyes'],
  ];
  test.each(TEXT_FIELDS.flatMap((field) => HIDDEN.map(([what, value]) => [field, what, value] as const)))(
    '%s with %s: 400 naming the field with the shared message, nothing stored',
    async (field, _what, value) => {
      const before = bookings();
      const res = await postRaw('/api/bookings', JSON.stringify({ ...valid(), [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual([INVISIBLE_CHARACTERS_MESSAGE]);
      expect(INVISIBLE_CHARACTERS_MESSAGE).toBe('Must not contain invisible, text-direction or broken characters');
      expect(bookings()).toBe(before);
    },
  );

  test('the same rule holds for the e-mail and for the admin notes', async () => {
    const email = await postRaw('/api/bookings', JSON.stringify({ ...valid(), email: 'dana\u200B@example.com' }));
    expect(email.statusCode).toBe(400);
    const admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
    const slot = await t.app.inject(
      withCsrf({
        method: 'POST',
        url: '/api/admin/availability/slots',
        payload: { date: '2031-01-02', startTime: '10:00', endTime: '11:00', isAvailable: true, notes: 'a\u202Eb' },
        cookies: { studio_session: admin },
      }),
    );
    expect(slot.statusCode).toBe(400);
    expect(slot.json().fieldErrors.notes).toEqual([INVISIBLE_CHARACTERS_MESSAGE]);
  });

  test('right-to-left scripts, accents and emoji (joined ones too) are ordinary text and accepted', async () => {
    for (const description of ['شكرا لك — תודה רבה', 'Zoë Ångström, São Paulo', 'Family shoot 👨‍👩‍👧 with a 👩🏽‍💻 theme ❤️‍🔥']) {
      const res = await postRaw('/api/bookings', JSON.stringify({ ...valid(), description }));
      expect(res.statusCode).toBe(201);
    }
  });

  test('plain text that merely looks technical is accepted', async () => {
    for (const description of ['I <3 your work', 'R&B music video, budget < $500', "Dana O'Neil & co.", '50% > 30%']) {
      const res = await postRaw('/api/bookings', JSON.stringify({ ...valid(), description }));
      expect(res.statusCode).toBe(201);
    }
  });

  test('fuzzing: any JSON body is either a stored booking (201) or a 4xx that stores nothing, never a 5xx', async () => {
    const field = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 2 }),
    );
    const mutation = fc.record({
      key: fc.oneof(
        fc.constantFrom(...Object.keys(valid()), 'status', 'createdAt', '__proto__', 'constructor'),
        fc.string({ maxLength: 12 }),
      ),
      value: field,
      drop: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(mutation, { minLength: 1, maxLength: 3 }),
          fc.anything().map((a) => ({ raw: a })),
        ),
        async (input) => {
          let body: unknown;
          if (Array.isArray(input)) {
            const b: Record<string, unknown> = valid();
            for (const m of input) {
              if (m.drop) delete b[m.key];
              else b[m.key] = m.value;
            }
            body = b;
          } else {
            body = input.raw;
          }
          const before = bookings();
          const text = JSON.stringify(body) ?? 'null';
          const res = await postRaw('/api/bookings', text);
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode === 201) expect(bookings()).toBe(before + 1);
          else {
            expect(res.statusCode).toBeGreaterThanOrEqual(400);
            expect(bookings()).toBe(before);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('sign-in endpoints', () => {
  const linkCases: Array<[string, string]> = [
    ['a missing e-mail', '{}'],
    ['an extra redirect parameter', JSON.stringify({ email: ADMIN_EMAIL, redirect: 'https://evil.example/' })],
    ['an extra continueUrl', JSON.stringify({ email: ADMIN_EMAIL, continueUrl: 'https://evil.example/finishSignIn' })],
    ['a number as e-mail', JSON.stringify({ email: 42 })],
    ['an array of e-mails', JSON.stringify({ email: [ADMIN_EMAIL, 'other@example.com'] })],
    ['an oversize e-mail', JSON.stringify({ email: `${'a'.repeat(300)}@studio.test` })],
    ['a __proto__ key', `{"__proto__":{"isAdmin":true},"email":"${ADMIN_EMAIL}"}`],
    ['a control character', JSON.stringify({ email: `admin\u0000@studio.test` })],
    ['HTML in the e-mail', JSON.stringify({ email: '<script>alert(1)</script>@studio.test' })],
    ['a header injection', JSON.stringify({ email: `${ADMIN_EMAIL}\r\nBcc: victim@example.com` })],
  ];

  test.each(linkCases)('link request with %s: 4xx, no token, no mail', async (_name, body) => {
    const before = [tokens(), await mails()];
    const res = await postRaw('/api/auth/link', body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message.length).toBeGreaterThan(10);
    expect([tokens(), await mails()]).toEqual(before);
  });

  test('a forged Host or X-Forwarded-Host header does not change where the link points', async () => {
    const res = await postRaw('/api/auth/link', JSON.stringify({ email: ADMIN_EMAIL }), {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(res.statusCode).toBe(204);
    const [mail] = await t.repos.outbox.list(100);
    expect(mail?.body).toContain('http://admin.studio.test/finishSignIn?token=');
    expect(mail?.body).not.toContain('evil.example');
  });

  const sessionCases: Array<[string, string]> = [
    ['a missing token', JSON.stringify({ email: ADMIN_EMAIL })],
    ['a missing e-mail', JSON.stringify({ token: 'A'.repeat(43) })],
    ['a short token', JSON.stringify({ email: ADMIN_EMAIL, token: 'abc' })],
    ['a token with a dot', JSON.stringify({ email: ADMIN_EMAIL, token: `${'A'.repeat(42)}.` })],
    ['an oversize token', JSON.stringify({ email: ADMIN_EMAIL, token: 'A'.repeat(10_000) })],
    ['an extra key', JSON.stringify({ email: ADMIN_EMAIL, token: 'A'.repeat(43), isAdmin: true })],
    ['a __proto__ key', `{"__proto__":{"isAdmin":true},"email":"${ADMIN_EMAIL}","token":"${'A'.repeat(43)}"}`],
    ['an object as token', JSON.stringify({ email: ADMIN_EMAIL, token: { $ne: null } })],
    ['an unknown well-formed token', JSON.stringify({ email: ADMIN_EMAIL, token: 'A'.repeat(43) })],
  ];

  test.each(sessionCases)('completing sign-in with %s: 4xx, no session', async (_name, body) => {
    const before = sessionRows();
    const res = await postRaw('/api/auth/session', body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['set-cookie'] ?? '').not.toContain('studio_session=');
    expect(sessionRows()).toBe(before);
  });

  test('the Origin is checked before anything else: a valid body without it stores nothing', async () => {
    const before = [tokens(), await mails()];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/link',
      payload: { email: ADMIN_EMAIL },
    });
    expect(res.statusCode).toBe(403);
    expect([tokens(), await mails()]).toEqual(before);
  });
});
