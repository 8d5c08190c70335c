// A mail's attachments (the signed contract's PDF) reach SMTP as attachments, and the local outbox keeps
// them with the mail, in order, byte for byte.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../src/platform/sqlite/database';
import { createMailer } from '../src/features/messaging/mailer';
import { createOutboxRepository } from '../src/features/messaging/outbox.sqlite';

const log = { info: () => undefined } as unknown as FastifyBaseLogger;
const pdf = { filename: 'contract-v1-signed.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 x') };
const ics = { filename: 'shoot.ics', contentType: 'text/calendar', content: Buffer.from('BEGIN:VCALENDAR') };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'studio-mail-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('SMTP gets the attachments; a mail without any is sent as before', async () => {
  const sent: unknown[] = [];
  const transport = { sendMail: async (m: unknown) => void sent.push(m) } as unknown as Transporter;
  const outbox = createOutboxRepository(openDatabase(dir));
  const mailer = createMailer({ smtpUrl: 'smtp://x', from: 'Studio <s@x>', outbox, log, transport });
  await mailer.send({ to: 'jane@example.com', subject: 'Signed', text: 'Attached.', attachments: [pdf] });
  await mailer.send({ to: 'jane@example.com', subject: 'Plain', text: 'No file.' });
  expect(sent).toEqual([
    { from: 'Studio <s@x>', to: 'jane@example.com', subject: 'Signed', text: 'Attached.', attachments: [pdf] },
    { from: 'Studio <s@x>', to: 'jane@example.com', subject: 'Plain', text: 'No file.' },
  ]);
});

test('the outbox keeps each attachment with its mail, in order, and deletes them with it', async () => {
  const db = openDatabase(dir);
  const outbox = createOutboxRepository(db);
  const mailer = createMailer({ smtpUrl: undefined, from: 'x', outbox, log, now: () => new Date('2026-01-01') });
  await mailer.send({ to: 'jane@example.com', subject: 'Signed', text: 'Attached.', attachments: [pdf, ics] });
  const [mail] = await outbox.list(1);
  expect(await outbox.attachments(mail!.id)).toEqual([
    { filename: pdf.filename, contentType: pdf.contentType, size: pdf.content.length },
    { filename: ics.filename, contentType: ics.contentType, size: ics.content.length },
  ]);
  expect(await outbox.attachment(mail!.id, 1)).toEqual(ics);
  expect(await outbox.attachment(mail!.id, 2)).toBeNull();
  await outbox.purgeBefore('2027-01-01T00:00:00.000Z');
  expect(await outbox.attachments(mail!.id)).toEqual([]);
});
