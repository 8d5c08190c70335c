// Mail the SMTP server did not take is kept (the storage's MailQueueStore) and sent again, after 1, 2, 4, ... minutes,
// at most an hour apart, for 24 hours from its first refusal; then it is given up on and logged as an error. A booking
// therefore still succeeds while the mail server is down, and her mail and the client's (with the manage link) leave
// once it is back, a restart meanwhile included. While mail waits, /api/health says "degraded" and her dashboard
// shows it (mailHealth below). A new booking's mails wait here too, written in the booking's own transaction
// (mailToSend) and sent by the same pass, so a request acknowledged is a request whose mails will leave, whatever
// happens to the process after its answer (docs/decisions/010-mail-is-a-durable-job-written-with-the-request.md).
import type { FastifyBaseLogger } from 'fastify';
import type { MailQueueStore, MailToSend } from './mail-queue-store';
import type { MailMessage } from './mail-message';

export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
const FIRST_PAUSE_MS = 60 * 1000;
const LONGEST_PAUSE_MS = 60 * 60 * 1000;
/** How often the running server looks for mail due to be sent again. */
export const RETRY_TICK_MS = 30 * 1000;
/**
 * How long a pass holds a mail it took before another may take it: nodemailer's own longest wait on a socket, so a
 * slow send is not sent twice, and a sender that died (a killed process, a stopped function instance) delays its
 * mail by this much, never loses it.
 */
export const CLAIM_MS = 10 * 60 * 1000;

/** The pause after the `attempts`-th refusal: 1 minute, doubled each time, at most an hour. */
export const pauseAfter = (attempts: number) => Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (attempts - 1));

interface StoredMessage extends Omit<MailMessage, 'attachments'> {
  attachments?: Array<{ filename: string; contentType: string; content: string }>;
}

export function serializeMail(message: MailMessage): string {
  const stored: StoredMessage = {
    ...message,
    attachments: message.attachments?.map((a) => ({ ...a, content: a.content.toString('base64') })),
  };
  return JSON.stringify(stored);
}

/** A message as the queue keeps it to be sent (MailQueueStore's MailToSend). */
export const mailToSend = (message: MailMessage): MailToSend => ({
  recipient: message.to,
  subject: message.subject,
  payload: serializeMail(message),
});

export function parseMail(payload: string): MailMessage {
  const stored = JSON.parse(payload) as StoredMessage;
  return {
    ...stored,
    attachments: stored.attachments?.map((a) => ({ ...a, content: Buffer.from(a.content, 'base64') })),
  };
}

/** What an SMTP refusal says, without the message (never an address or a link: the log and health may show it). */
export function refusalOf(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
  const words = e.response ?? e.message ?? String(error);
  return [e.code, e.responseCode, words.split('\n')[0]?.slice(0, 200)].filter(Boolean).join(' ');
}

export type MailHealth = 'ok' | 'degraded' | 'outbox';

export interface MailQueueDeps {
  queue: MailQueueStore;
  /** Sends one message (by SMTP, or into the local outbox); rejects when it is not taken. */
  deliver(message: MailMessage): Promise<void>;
  /**
   * Sends a kept mail and takes it out of the queue in one step (the local outbox: one transaction), so a pass that
   * stops between the two never leaves it to be sent again; false when it was no longer kept. Without it, the mail
   * is delivered, then forgotten.
   */
  deliverKept?(message: MailMessage, keptId: number): Promise<boolean>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Keeps a refused mail to send again; answers its id. */
export async function keepRefused({ queue, now, log }: MailQueueDeps, message: MailMessage, error: unknown) {
  const at = now();
  const refusal = refusalOf(error);
  const id = await queue.enqueue(
    { recipient: message.to, subject: message.subject, payload: serializeMail(message), lastError: refusal },
    at.toISOString(),
    new Date(at.getTime() + pauseAfter(1)).toISOString(),
  );
  log.warn({ queuedMailId: id, refusal }, 'the SMTP server did not take a mail: it is kept and sent again');
  return id;
}

/**
 * Sends every kept mail that is due; answers how many left. Each is taken (claim) before it is sent, so two passes at
 * once (a pass asked for and a timed one, two function instances) never send one mail twice.
 */
export async function sendDue({ queue, deliver, deliverKept, now, log }: MailQueueDeps): Promise<number> {
  let delivered = 0;
  for (const mail of await queue.due(now().toISOString(), 50)) {
    // A mail kept in the local outbox is taken out of the queue in the same transaction that records it, which
    // already lets one pass only have it: a claim would add a write and a commit to every booking's two mails.
    const takenAt = now();
    if (
      !deliverKept &&
      !(await queue.claim(mail.id, takenAt.toISOString(), new Date(takenAt.getTime() + CLAIM_MS).toISOString()))
    )
      continue;
    try {
      const message = parseMail(mail.payload);
      if (deliverKept) {
        if (!(await deliverKept(message, mail.id))) continue;
      } else {
        await deliver(message);
        await queue.delivered(mail.id);
      }
      delivered++;
      // Said for a mail that was refused before; a booking's mail leaving at its first try is the mailer's to log.
      if (mail.attempts > 0) log.info({ queuedMailId: mail.id, attempts: mail.attempts + 1 }, 'a kept mail was sent');
    } catch (error) {
      const at = now();
      const refusal = refusalOf(error);
      if (at.getTime() - Date.parse(mail.firstFailedAt) >= RETRY_FOR_MS) {
        await queue.giveUp(mail.id, at.toISOString(), refusal);
        log.error(
          { err: error, queuedMailId: mail.id, attempts: mail.attempts + 1 },
          'a mail was refused for 24 hours and is given up on',
        );
      } else {
        const next = new Date(at.getTime() + pauseAfter(mail.attempts + 1)).toISOString();
        await queue.retryLater(mail.id, next, refusal);
        // The error, which the log blanks addresses and tokens in, rather than the refusal's words: an SMTP server's
        // answer often quotes the address it refused.
        log.warn(
          { err: error, queuedMailId: mail.id, attempts: mail.attempts + 1, next },
          mail.attempts === 0 ? 'a mail was refused: it is kept and sent again' : 'a kept mail was refused again',
        );
      }
    }
  }
  return delivered;
}

export interface MailStatus {
  health: MailHealth;
  /** Mails waiting to be sent again. */
  waiting: number;
  /** Mails given up on in the last 24 hours. */
  givenUp: number;
  lastError: string | null;
}

/** The mail's state for health and her dashboard: kept in the outbox on purpose, sending, or failing. */
export async function mailStatus(
  queue: MailQueueStore | undefined,
  kind: 'smtp' | 'outbox',
  now: () => Date,
): Promise<MailStatus> {
  if (kind === 'outbox') return { health: 'outbox', waiting: 0, givenUp: 0, lastError: null };
  const status = queue
    ? await queue.status(new Date(now().getTime() - RETRY_FOR_MS).toISOString())
    : { waiting: 0, givenUp: 0, lastError: null };
  return { health: status.waiting + status.givenUp > 0 ? 'degraded' : 'ok', ...status };
}
