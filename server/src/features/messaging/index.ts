// What other features may use of messaging: everything else in this folder is its own.
export type { MailAttachment } from './mail-attachment';
export { RETRY_TICK_MS, mailStatus, mailToSend } from './mail-queue';
export type { MailHealth } from './mail-queue';
export type { MailToSend } from './mail-queue-store';
export { mailToSendWriter } from './mail-queue.sqlite';
export { outboxMailWriter } from './outbox.sqlite';
export { MAIL_QUEUE, mailToSendInTransaction, withFreshMailIds } from './mail-queue.firestore';
export { senderAddressOf } from './mailer';
export { replyingToHer } from './client-reply';
export type { MailMessage, Mailer } from './mailer';
export type { OutboxStore } from './outbox-store';
export type { SmsSender } from './sms-sender';
