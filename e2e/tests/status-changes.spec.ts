// Status changes, in Chromium against the real server: the admin confirms a booking through the confirmation
// dialog with a personal message; the client's mail has that message and a valid .ics (parsed here with ical.js:
// DTSTART in the studio's time zone, the UID stable across an update when the admin accepts the client's move);
// a change undone within 10 s sends nothing.
import { randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import { isDateAvailable, type PublicAvailability } from '@studio/shared/domain';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, collectConsoleErrors } from '../support/test';
import { studioDay } from '../support/studio-day';
import { signInThroughOutbox } from '../support/sign-in';
import { startServer, type RunningServer } from '../support/server';

interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
}

// Days counted from the studio's today, as the server and its demo seed count them.
const day = studioDay;

// A server of its own: its status mails and confirmed dates stay out of the other specs' way.
let server: RunningServer;
test.beforeEach(async () => {
  server = await startServer();
});
test.afterEach(async () => {
  await server.stop();
});

const mailsTo = async (request: APIRequestContext, email: string) =>
  ((await (await request.get(`${server.url}/api/dev/outbox`)).json()) as OutboxMessage[]).filter(
    (m) => m.channel === 'mail' && m.recipient === email,
  );

/** The outbox mail to `email` whose subject ends so, once it has arrived (a held mail leaves after 10 s). */
async function mailArrives(request: APIRequestContext, email: string, subjectEnd: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, email)).find((m) => m.subject.endsWith(subjectEnd));
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

async function inviteOf(request: APIRequestContext, mail: OutboxMessage) {
  const list = (await (await request.get(`${server.url}/api/dev/outbox/${mail.id}/attachments`)).json()) as Array<{
    filename: string;
    contentType: string;
  }>;
  expect(list.map((a) => a.filename)).toEqual(['invite.ics']);
  const file = await request.get(`${server.url}/api/dev/outbox/${mail.id}/attachments/0`);
  const calendar = new ICAL.Component(ICAL.parse(await file.text()));
  const [event] = calendar.getAllSubcomponents('vevent');
  const start = event!.getFirstProperty('dtstart')!;
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event!.getFirstPropertyValue('uid')),
    sequence: Number(event!.getFirstPropertyValue('sequence')),
    start: String(start.getFirstValue()),
    tzid: start.getParameter('tzid'),
  };
}

test('confirm with a personal message: the mail and its invite; a move keeps the UID; Undo sends nothing', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const base = server.url;
  const errors = collectConsoleErrors(page);
  const stamp = randomBytes(4).toString('hex');
  const name = `Invite Client ${stamp}`;
  const email = `invite.${stamp}@example.com`;

  // A visitor books the demo's 9:00-12:00 slot on day 5 (a short UGC shoot).
  const booked = await page.request.post(`${base}/api/bookings`, {
    headers: { 'Idempotency-Key': `e2e-${stamp}`, Origin: base },
    data: {
      name,
      email,
      phone: '(602) 555-0100',
      serviceId: 'usergeneratedcontent',
      serviceTierId: 'ugc-weekly',
      date: day(5),
      time: '09:00-12:00',
      consultationDate: '',
      consultationLocation: '',
      location: 'Desert Botanical Garden',
      description: 'One morning of filming.',
      smsOptIn: false,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const arrived = await mailArrives(page.request, email, 'has arrived');
  const manageToken = /\/manage-booking#([A-Za-z0-9_-]{43})/.exec(arrived.body)?.[1];
  expect(manageToken).toBeTruthy();

  await page.goto(`${base}/`);
  await signInThroughOutbox(page, base);
  await page.getByRole('link', { name: 'Admin' }).click();
  const card = page.getByRole('article', { name });
  const status = card.getByRole('combobox');

  // Confirming opens the mail's preview; her message shows in it as she types.
  await status.selectOption('Confirmed');
  const dialog = page.getByRole('dialog', { name: `Mark ${name}'s request Confirmed?` });
  await dialog.getByLabel('Personal message (optional)').fill('Bring two outfits, one light and one dark.');
  await expect(dialog.getByTestId('status-mail-preview')).toContainText('Bring two outfits, one light and one dark.');
  await expect(dialog).toContainText('The e-mail below leaves 10 seconds after you save');
  await dialog.getByRole('button', { name: 'Save and e-mail client' }).click();
  await expect(dialog).toBeHidden();
  await expect(status).toHaveValue('Confirmed');
  await expect(card.getByRole('status')).toContainText('Client e-mailed');
  await expect(card.getByRole('button', { name: 'Undo' })).toBeVisible();
  // Nothing has left yet: the mail waits out the Undo window.
  expect((await mailsTo(page.request, email)).filter((m) => m.subject.endsWith('is now Confirmed'))).toEqual([]);

  const confirmed = await mailArrives(page.request, email, 'is now Confirmed');
  expect(confirmed.body).toContain('Bring two outfits, one light and one dark.');
  const first = await inviteOf(page.request, confirmed);
  expect(first).toMatchObject({
    method: 'REQUEST',
    start: `${day(5)}T09:00:00`,
    tzid: 'America/Phoenix',
    sequence: 1,
  });
  // Undo is gone once the mail has left.
  await expect(card.getByRole('button', { name: 'Undo' })).toBeHidden();

  // The client asks to move it (her manage link); the admin sees the request live and accepts it after a confirmation.
  const open = (await (await page.request.get(`${base}/api/availability`)).json()) as PublicAvailability;
  const target = Array.from({ length: 60 }, (_, i) => day(i + 10)).find(
    (d) => isDateAvailable(d, open) && !open.slots.some((s) => s.date === d),
  )!;
  const asked = await page.request.post(`${base}/api/manage-booking/reschedule`, {
    headers: { Origin: base },
    data: { token: manageToken, date: target },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  await expect(card.getByTestId('reschedule-request')).toBeVisible();
  await card.getByRole('button', { name: 'Move to this date' }).click();
  await page
    .getByRole('dialog', { name: 'Move this request?' })
    .getByRole('button', { name: 'Move and e-mail client' })
    .click();
  await expect(card.getByTestId('reschedule-request')).toBeHidden();
  const moved = await mailArrives(page.request, email, 'has moved');
  const update = await inviteOf(page.request, moved);
  expect(update).toMatchObject({ method: 'REQUEST', uid: first.uid, sequence: 2, start: target });

  // Declined, then undone within the window: the status comes back and nothing is sent.
  await status.selectOption('Declined');
  await page.getByRole('dialog').getByRole('button', { name: 'Save and e-mail client' }).click();
  await expect(status).toHaveValue('Declined');
  await card.getByRole('button', { name: 'Undo' }).click();
  await expect(status).toHaveValue('Confirmed');
  await expect(card.getByRole('status')).toHaveText('Change undone; nothing was sent.');
  // Proof that the undone mail never leaves: a later change's mail arrives, and held mails leave in order, so the
  // undone one would have left before it.
  await status.selectOption('Contacted');
  await page.getByRole('dialog').getByRole('button', { name: 'Save and e-mail client' }).click();
  await mailArrives(page.request, email, 'is now in progress');
  expect((await mailsTo(page.request, email)).map((m) => m.subject.replace(/^.* is now |^.* has /, ''))).toEqual([
    'in progress',
    'moved',
    'Confirmed',
    'arrived',
  ]);
  expect(errors).toEqual([]);
});
