// A database that cannot be written makes /api/health answer 503 and the booking form show its
// clear error, and nothing is half-written. Here another process holds SQLite's write lock (as a stuck maintenance
// session would) on a server of this test's own; once the lock is gone, the same request goes through, exactly once:
// one row, and one set of mails (her confirmation, the admin's notice), none for the refused attempt.
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../support/test';
import { openDatabase } from '../support/database';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const NAME = 'Locked Out';
const EMAIL = 'locked.out@example.com';

interface OutboxMessage {
  channel: string;
  recipient: string;
  subject: string;
}

/** The mails about this request in the local outbox: to her, and the admin's notice naming her. */
const mailsAbout = async (request: APIRequestContext) =>
  ((await (await request.get(`${server.url}/api/dev/outbox`)).json()) as OutboxMessage[])
    .filter((m) => m.channel === 'mail')
    .filter((m) => m.recipient === EMAIL || (m.recipient === ADMIN_EMAIL && m.subject.includes(NAME)))
    .map((m) => `${m.recipient}: ${m.subject}`);
const storedWithName = () => {
  const db = openDatabase(server.dataDir, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM booking_requests WHERE name = ?').get(NAME) as { n: number }).n;
  } finally {
    db.close();
  }
};

test('a database that cannot be written: health 503, the form says so and keeps the request, nothing stored', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${server.url}/book-me`);
  await page.getByRole('textbox', { name: 'Full Name' }).fill(NAME);
  await page.getByRole('textbox', { name: 'Email Address' }).fill(EMAIL);
  await page.getByRole('combobox', { name: 'Service Type' }).selectOption('usergeneratedcontent');
  await page.getByRole('combobox', { name: 'Service Package' }).selectOption('ugc-single');
  await page.getByRole('textbox', { name: 'Project Description' }).fill('A product video while the disk is locked.');

  const writer = openDatabase(server.dataDir);
  writer.exec('BEGIN EXCLUSIVE');
  try {
    const health = await page.request.get(`${server.url}/api/health`);
    expect(health.status()).toBe(503);
    expect(await health.json()).toEqual({ message: 'The database does not take writes.' });

    // The server waits for the lock as long as a booking's transaction may take, then refuses.
    await page.getByRole('button', { name: 'Send Booking Request' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Your request was not sent.', { timeout: 15_000 });
    await expect(alert).toContainText('The server is busy. Please try again in a moment.');
    await expect(alert).toContainText('Nothing you typed was lost. Press the button again to retry.');
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue(NAME);
  } finally {
    writer.exec('ROLLBACK');
    writer.close();
  }
  expect(storedWithName()).toBe(0);

  await expect.poll(async () => (await page.request.get(`${server.url}/api/health`)).status()).toBe(200);
  // The refused attempt sent nothing, not even once the database took writes again.
  expect(await mailsAbout(page.request)).toEqual([]);
  await page.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(storedWithName()).toBe(1);
  // The mails leave after the answer: wait for both, then there is exactly one of each.
  await expect.poll(async () => (await mailsAbout(page.request)).length).toBeGreaterThanOrEqual(2);
  const mails = await mailsAbout(page.request);
  expect(mails.filter((m) => m.startsWith(`${EMAIL}: `))).toHaveLength(1);
  expect(mails.filter((m) => m.startsWith(`${ADMIN_EMAIL}: New booking request: ${NAME}`))).toHaveLength(1);
  expect(mails).toHaveLength(2);
});
