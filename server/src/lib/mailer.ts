// Mail through nodemailer: SMTP when SMTP_URL is configured, otherwise the local outbox (printed to the console and
// kept in the database) so that sign-in works on a fresh machine with no mail server.
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from '../repositories/outbox-repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outbox: OutboxRepository;
  log: FastifyBaseLogger;
  /** Injected in tests to exercise the SMTP path without a server. */
  transport?: Transporter;
}): Mailer {
  const { smtpUrl, from, outbox, log } = options;
  const transport = options.transport ?? (smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined);
  if (!transport) {
    return {
      kind: 'outbox',
      async send(message) {
        outbox.add({ channel: 'mail', recipient: message.to, subject: message.subject, body: message.text });
        log.info(`[outbox] mail to ${message.to}: ${message.subject}\n${message.text}`);
      },
    };
  }
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
