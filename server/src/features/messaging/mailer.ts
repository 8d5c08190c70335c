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
  readonly kind: 'smtp' | 'outbox';
  /** Sends the kept mail that is due again (a mailer with a queue); answers how many left. */
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
  /** Where a mail the SMTP server refuses is kept to be sent again; without it, send() rejects. */
  queue?: MailQueueStore;
}): Mailer {
  const { smtpUrl, from, outbox, log, now = () => new Date() } = options;
  const transport = options.transport ?? (smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined);
  if (!transport) {
    return {
      kind: 'outbox',
      async send(message): Promise<MailOutcome> {
        const id = await outbox.add(
          { channel: 'mail', recipient: message.to, subject: message.subject, body: message.text },
          now().toISOString(),
          message.attachments,
        );
        // Never the address or the text: a sign-in mail's text is a live link (read it at /api/dev/outbox).
        log.info({ outboxId: id, channel: 'mail' }, 'mail kept in the local outbox');
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
  const { queue } = options;
  const queueDeps = queue && { queue, deliver, now, log };
  return {
    kind: 'smtp',
    queue,
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

/** The address of a MAIL_FROM such as `Studio <no-reply@example.com>` or `no-reply@example.com`. */
export function senderAddressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * Every mail sent as her, under her name rather than the server's: the sender's name is her current name from Site
 * details, read as each mail leaves, so a rename reaches the next mail; MAIL_FROM only gives the address.
 */
export function withSenderName(mailer: Mailer, displayName: () => Promise<string>): Mailer {
  return {
    kind: mailer.kind,
    queue: mailer.queue,
    ...(mailer.sendDue ? { sendDue: mailer.sendDue } : {}),
    async send(message) {
      return mailer.send(message.fromName ? message : { ...message, fromName: await displayName() });
    },
  };
}
