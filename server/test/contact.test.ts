// The contact form on the real server: a visitor's message when nothing can be booked is checked as a booking is,
// mailed to the admin with the visitor's address to reply to, rate limited, and refused without the CSRF pair.
import type { InjectOptions } from 'fastify';
import { INVISIBLE_CHARACTERS_MESSAGE } from '@studio/shared/refusal-messages';
import type { MailMessage } from '../src/features/messaging/mailer';
import { CONTACT_SEND_FAILED } from '../src/features/messaging/contact.routes';
import { build, withCsrf, ADMIN_EMAIL, type TestApp } from './helper';

const message = {
  name: 'Rosa Diaz',
  email: 'rosa@example.com',
  phone: '(602) 555-0100',
  message: 'Are you free for a lookbook in early June?',
};

const post = (t: TestApp, payload: Record<string, unknown>, options: Partial<InjectOptions> = {}) =>
  t.app.inject(withCsrf({ method: 'POST', url: '/api/contact', payload, ...options }));
const mails = async (t: TestApp) => (await t.repos.outbox.list(100)).filter((m) => m.channel === 'mail');

test('a message reaches the admin by mail, with her e-mail and phone; the answer is 204', async () => {
  const sent: MailMessage[] = [];
  const t = await build({ mailer: { kind: 'smtp', send: async (m) => void sent.push(m) } });
  try {
    const res = await post(t, message);
    expect(res.statusCode).toBe(204);
    expect(sent).toEqual([
      {
        to: ADMIN_EMAIL,
        replyTo: 'rosa@example.com',
        subject: 'Message from Rosa Diaz (nothing was bookable)',
        text: expect.stringContaining('Are you free for a lookbook in early June?'),
        // Every mail leaves under her name from Site details.
        fromName: 'Ava Monroe',
      },
    ]);
    expect(sent[0]!.text).toContain('E-mail: rosa@example.com');
    expect(sent[0]!.text).toContain('Phone: (602) 555-0100');
  } finally {
    await t.close();
  }
});

test('bad fields get a message each and send nothing', async () => {
  const t = await build();
  try {
    const res = await post(t, { name: ' ', email: 'not-an-address', phone: '12', message: 'Hi\u202E there' });
    expect(res.statusCode).toBe(400);
    const { fieldErrors } = res.json() as { fieldErrors: Record<string, string[]> };
    expect(Object.keys(fieldErrors).sort()).toEqual(['email', 'message', 'name', 'phone']);
    expect(fieldErrors.message).toEqual([INVISIBLE_CHARACTERS_MESSAGE]);
    expect((await post(t, { ...message, extra: 'x' })).statusCode).toBe(400);
    expect((await post(t, { ...message, message: '<script>alert(1)</script>' })).statusCode).toBe(400);
    expect(await mails(t)).toEqual([]);
  } finally {
    await t.close();
  }
});

test('without the CSRF pair, or from another origin, nothing is sent', async () => {
  const t = await build();
  try {
    const bare = await t.app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect(bare.statusCode).toBe(403);
    const foreign = await post(t, message, { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(await mails(t)).toEqual([]);
  } finally {
    await t.close();
  }
});

test('rate limited per client like bookings; a mail that cannot leave says so', async () => {
  const t = await build({ publicWriteLimitPerMinute: 2 });
  try {
    expect((await post(t, message)).statusCode).toBe(204);
    expect((await post(t, message)).statusCode).toBe(204);
    expect((await post(t, message)).statusCode).toBe(429);
    expect(await mails(t)).toHaveLength(2);
  } finally {
    await t.close();
  }
  const down = await build({ mailer: { kind: 'smtp', send: () => Promise.reject(new Error('SMTP down')) } });
  try {
    const res = await post(down, message);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: CONTACT_SEND_FAILED });
  } finally {
    await down.close();
  }
});
