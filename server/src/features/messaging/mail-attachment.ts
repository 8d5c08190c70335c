// A file a mail carries (a signed contract's PDF). Its own module: the mailer sends it and the outbox keeps it, and
// neither should import the other for it.
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}
