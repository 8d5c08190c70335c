// Her settings and the site's health as her dashboard's banners show it: mail, the data folder's disk, texts.

export interface Settings {
  /** The admin's choice; null when she has not chosen. */
  smsEnabled: boolean | null;
}

/** The site's mail as her dashboard shows it: GET /api/admin/settings/mail. */
export interface MailStatus {
  /**
   * 'ok' (mail leaves by SMTP, or a local development site keeps it in its outbox), 'degraded' (mail the SMTP server
   * refused waits to be sent again, or was given up on in the last 24 hours), 'outbox' (a production site keeps its
   * mail in the local outbox: MAIL_TRANSPORT=outbox, nobody receives it).
   */
  state: 'ok' | 'degraded' | 'outbox';
  waiting: number;
  givenUp: number;
  /** The mail server's last refusal, in its own words. */
  lastError: string | null;
}

/**
 * The data folder's disk as her dashboard shows it: GET /api/admin/settings/storage. 'low' below MIN_FREE_DISK_MB
 * free, 'full' while writes are being refused for lack of room (bookings and changes are not saved).
 */
export interface StorageStatus {
  state: 'ok' | 'low' | 'full';
}

export interface SmsStatus {
  /** What is in force after the environment override. */
  enabled: boolean;
  /** 'env' when the SMS_ENABLED environment setting overrides the admin's choice. */
  source: 'env' | 'admin' | 'default';
  adminValue: boolean | null;
}
