// Mail through nodemailer: SMTP when SMTP_URL is configured, otherwise the local outbox (kept in the database and
// readable at /api/dev/outbox in development) so that sign-in works on a fresh machine with no mail server.
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailQueueStore } from './mail-queue-store';
import type { OutboxStore } from './outbox-store';
import type { MailAttachment } from './mail-attachment';
import type { MailMessage } from './mail-message';
import { keepRefused, sendDue } from './mail-queue';

export type { MailAttachment, MailMessage };

/**
 * What became of a mail: 'sent' (the SMTP server took it), 'queued' (it did not; kept and sent again later,
 * features/messaging/mail-queue.ts), 'kept' (in the local outbox). A mailer without a queue rejects when the SMTP server refuses.
 */
export type MailOutcome = 'sent' | 'queued' | 'kept';

export interface Mailer {
  send(message: MailMessage): Promise<MailOutcome | void>;
  /**
   * Sends one message once (SMTP, or into the outbox) and rejects when it is not taken, never keeping it to try
   * again: what the mail queue's pass sends its kept mail with. A mailer without it is sent through send().
   */
  deliver?(message: MailMessage): Promise<void>;
  /** Delivers a mail the queue keeps and takes it out of the queue in the same step (the outbox); see mail-queue.ts. */
  deliverKept?(message: MailMessage, keptId: number): Promise<boolean>;
  readonly kind: 'smtp' | 'outbox';
  /**
   * Sends the kept mail that is due (a mailer with a queue: mail refused before, and mail written to be sent, such as
   * a new booking's); answers how many left.
   */
  sendDue?(): Promise<number>;
  /** The queue refused mail waits in (health and her dashboard read it). */
  readonly queue?: MailQueueStore;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outbox: OutboxStore;
  log: FastifyBaseLogger;
  /** Injected in tests to exercise the SMTP path without a server. */
  transport?: Transporter;
  /** The clock the sign-in tokens use, so an outbox mail's age matches its link's. */
  now?: () => Date;
  /** Where a mail the SMTP server refuses is kept to be sent again (without it, send() rejects). */
  queue?: MailQueueStore;
}): Mailer {
  const { smtpUrl, from, outbox, log, now = () => new Date(), queue } = options;
  const transport = options.transport ?? (smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined);
  if (!transport) {
    const recordOf = (message: MailMessage) => ({
      channel: 'mail' as const,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
    });
    // Never the address or the text: a sign-in mail's text is a live link (read it at /api/dev/outbox).
    const logged = (id: number) => log.info({ outboxId: id, channel: 'mail' }, 'mail kept in the local outbox');
    const keep = async (message: MailMessage) => {
      logged(await outbox.add(recordOf(message), now().toISOString(), message.attachments));
    };
    return {
      kind: 'outbox',
      deliver: keep,
      async deliverKept(message, keptId) {
        const id = await outbox.addFromQueue(keptId, recordOf(message), now().toISOString(), message.attachments);
        if (id !== null) logged(id);
        return id !== null;
      },
      async send(message): Promise<MailOutcome> {
        await keep(message);
        return 'kept';
      },
    };
  }
  const deliver = async (message: MailMessage) => {
    await transport.sendMail({
      from: message.fromName ? { name: message.fromName, address: senderAddressOf(from) } : from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    });
  };
  const queueDeps = queue && { queue, deliver, now, log };
  return {
    kind: 'smtp',
    queue,
    deliver,
    async send(message): Promise<MailOutcome> {
      try {
        await deliver(message);
        return 'sent';
      } catch (error) {
        if (!queueDeps) throw error;
        await keepRefused(queueDeps, message, error);
        return 'queued';
      }
    },
    ...(queueDeps ? { sendDue: () => sendDue(queueDeps) } : {}),
  };
}

/**
 * The mailer with the storage's mail queue behind it, whichever mailer it is (SMTP, the outbox, a test's): sendDue
 * sends the kept mail that is due, a new booking's written with it and mail refused before, each through the
 * mailer's deliver (or its send), and queue is what health and her dashboard read.
 */
export function withMailQueue(
  mailer: Mailer,
  deps: { queue: MailQueueStore; now: () => Date; log: FastifyBaseLogger },
): Mailer {
  const deliver = mailer.deliver ?? (async (message: MailMessage) => void (await mailer.send(message)));
  const { deliverKept } = mailer;
  return {
    kind: mailer.kind,
    queue: deps.queue,
    send: (message) => mailer.send(message),
    deliver,
    ...(deliverKept ? { deliverKept } : {}),
    sendDue: () => sendDue({ ...deps, deliver, ...(deliverKept ? { deliverKept } : {}) }),
  };
}

/** The address of a MAIL_FROM such as `Studio <no-reply@example.com>` or `no-reply@example.com`. */
export function senderAddressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * Every mail sent as her, under her name rather than the server's: the sender's name is her current name from Site
 * details, read as each mail leaves, so a rename reaches the next mail; MAIL_FROM only gives the address.
 */
export function withSenderName(mailer: Mailer, displayName: () => Promise<string>): Mailer {
  const named = async (message: MailMessage) =>
    message.fromName ? message : { ...message, fromName: await displayName() };
  const { deliver, deliverKept } = mailer;
  return {
    kind: mailer.kind,
    queue: mailer.queue,
    ...(mailer.sendDue ? { sendDue: mailer.sendDue } : {}),
    ...(deliver ? { deliver: async (message: MailMessage) => deliver(await named(message)) } : {}),
    ...(deliverKept
      ? { deliverKept: async (message: MailMessage, keptId: number) => deliverKept(await named(message), keptId) }
      : {}),
    async send(message) {
      return mailer.send(await named(message));
    },
  };
}
