// POST /api/bookings: validation, server-set fields, availability, idempotency, rate limit, notifications.
// Here a valid booking, availability and the notifications; bad input is in bookings-input.test.ts, idempotency
// and the rate limit in bookings-idempotency.test.ts.
import { unavailableDatesMessage } from '@studio/shared/messages';
import { formatInstant } from '@studio/shared/domain/studio-time';
import type { Change } from '../src/platform/change-bus';
import type { SmsTransport } from '../src/features/messaging/sms-transport';
import type { Mailer } from '../src/features/messaging/mailer';
import { closeAfterEach, day, NOW, outbox, photoshoot, post, rowCount, start, t, ugc } from './bookings-support';

closeAfterEach();

describe('a valid booking', () => {
  test('is stored with the fields the server sets, and answered 201 with id, status and createdAt', async () => {
    await start();
    const res = await post(photoshoot());
    expect(res.statusCode).toBe(201);
    const body = res.json() as { id: string; status: string; createdAt: string };
    expect(body).toEqual({ id: expect.any(String), status: 'New', createdAt: NOW.toISOString() });

    const stored = await t.repos.bookings.get(body.id);
    expect(stored).toEqual({
      ...photoshoot(),
      endDate: '',
      time: '',
      consultationTime: '',
      id: body.id,
      service: 'Photoshoot',
      servicePrice: '$450',
      serviceTier: 'Standard Session',
      serviceTierId: 'photoshoot-standard',
      paymentSchedule: '50% upfront, 50% upon completion',
      status: 'New',
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
  });

  test('a UGC booking without dates is stored with its own payment schedule', async () => {
    await start();
    const res = await post(ugc());
    expect(res.statusCode).toBe(201);
    const stored = await t.repos.bookings.get((res.json() as { id: string }).id);
    expect(stored).toMatchObject({
      service: 'User-Generated Content',
      serviceTier: 'Monthly Retainer',
      paymentSchedule: 'Monthly in advance',
      servicePrice: '$1,800',
    });
  });

  test('the admin gets a mail with name, service, dates and a link to /admin, and the live view is told', async () => {
    await start();
    const changes: Change[] = [];
    t.bus.subscribe((change) => changes.push(change));
    const res = await post(photoshoot());
    expect(res.statusCode).toBe(201);
    await t.settled();

    // The admin's mail, then the client's confirmation (its content: manage-booking.test.ts).
    const mails = outbox('mail');
    expect(mails.map((m) => m.recipient)).toEqual(['admin@studio.test', 'jane@example.com']);
    expect(mails[0]).toMatchObject({
      recipient: 'admin@studio.test',
      subject: 'New booking request: Jane Doe - Photoshoot',
    });
    // Dates as people read them, the arrival in the studio's zone (America/Phoenix: UTC-7 all year).
    expect(mails[0]?.body).toContain('Consultation date: Monday, November 23, 2026');
    expect(mails[0]?.body).toContain('Preferred shoot date: Tuesday, November 24, 2026');
    expect(mails[0]?.body).toContain(`arrived on ${formatInstant(NOW, 'America/Phoenix')}.`);
    expect(mails[0]?.body).toMatch(/ (AM|PM) MST\./);
    expect(mails[0]?.body).toContain('Service: Photoshoot');
    expect(mails[0]?.body).toContain('Open the dashboard: http://admin.studio.test/admin');
    // The live view is told the request itself, as stored.
    expect(changes).toEqual([
      {
        topic: 'bookings',
        type: 'created',
        booking: expect.objectContaining({ id: res.json().id, name: 'Jane Doe', status: 'New' }),
      },
    ]);
  });

  test('the admin mail points out a disposable address, which is still accepted', async () => {
    await start();
    expect((await post(ugc({ email: 'someone@mailinator.com' }))).statusCode).toBe(201);
    await t.settled();
    expect(outbox('mail')[0]?.body).toContain('This looks like a disposable email address.');
  });

  test('the list is newest first and updateStatus refreshes updatedAt (for the admin routes)', async () => {
    await start();
    const first = (await post(ugc({ name: 'First' }))).json() as { id: string };
    const second = (await post(ugc({ name: 'Second' }))).json() as { id: string };
    expect((await t.repos.bookings.page()).items.map((b) => b.id)).toEqual([second.id, first.id]);
    const updated = await t.repos.bookings.updateStatus(first.id, 'Confirmed', '2026-11-22T08:00:00.000Z');
    expect(updated).toMatchObject({
      status: 'Confirmed',
      updatedAt: '2026-11-22T08:00:00.000Z',
      createdAt: NOW.toISOString(),
    });
    expect(await t.repos.bookings.updateStatus('nope', 'Confirmed', new Date().toISOString())).toBeNull();
  });
});

describe('availability', () => {
  test('an unavailable date answers 409 with the docs/product.md §5 message and stores nothing', async () => {
    await start();
    // The seed blocks today+10..12 and makes today+6 unavailable through its only slot.
    const res = await post(photoshoot({ date: day(11), consultationDate: day(6) }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: unavailableDatesMessage([day(11), day(6)]) });
    expect((res.json() as { message: string }).message).toBe(
      `The following dates are not available: ${day(11)}, ${day(6)}. Please select different dates.`,
    );
    expect(rowCount()).toBe(0);
  });

  test('a date outside every period is unavailable; a day with one available slot is fine', async () => {
    await start();
    expect((await post(ugc({ date: day(120) }))).statusCode).toBe(409);
    // Where the admin set slots, the visitor picks one of the free ones.
    expect((await post(ugc({ date: day(5), time: '09:00-12:00' }))).statusCode).toBe(201);
    expect(rowCount()).toBe(1);
  });
});

describe('SMS confirmation', () => {
  test('goes to the outbox when the feature is on and she opted in, promising a reply within 24 hours', async () => {
    await start({ smsEnabledEnv: 'true' });
    expect((await post(photoshoot({ smsOptIn: true }))).statusCode).toBe(201);
    await t.settled();
    const sms = outbox('sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]?.recipient).toBe('+15551234567');
    expect(sms[0]?.body).toContain('I will reply within 24 hours.');
  });

  test('is not sent without the opt-in', async () => {
    await start({ smsEnabledEnv: 'true' });
    await post(photoshoot({ smsOptIn: false }));
    await t.settled();
    expect(outbox('sms')).toEqual([]);
  });

  test('is not sent when the feature is off, even with the opt-in', async () => {
    await start({ smsEnabledEnv: undefined });
    await post(photoshoot({ smsOptIn: true }));
    await t.settled();
    expect(outbox('sms')).toEqual([]);
    expect(outbox('mail')).toHaveLength(2);
  });
});

test('a failing SMS transport and a failing mailer do not fail or lose the booking', async () => {
  const sms: SmsTransport = {
    kind: 'twilio',
    send: async () => {
      throw new Error('carrier down');
    },
  };
  const mailer: Mailer = {
    kind: 'smtp',
    send: async () => {
      throw new Error('SMTP refused');
    },
  };
  await start({ smsEnabledEnv: 'true', sms, mailer });
  const res = await post(photoshoot({ smsOptIn: true }));
  expect(res.statusCode).toBe(201);
  await t.settled();
  expect(rowCount()).toBe(1);
  expect((await t.repos.bookings.get((res.json() as { id: string }).id))?.status).toBe('New');
});
