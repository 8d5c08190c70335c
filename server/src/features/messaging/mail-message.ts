// One mail as the site sends it: its own module, so the mailer and the queue that keeps refused mail (mail-queue.ts)
// share it without importing each other.
import type { MailAttachment } from './mail-attachment';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative of `text` (a client's mails); the outbox keeps the text, which says the same. */
  html?: string;
  attachments?: MailAttachment[];
  /** Where her answer goes (a visitor's own address on a contact message). */
  replyTo?: string;
  /** The sender's name before MAIL_FROM's address: her name from Site details (withSenderName). */
  fromName?: string;
}
