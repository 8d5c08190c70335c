// The texts of her site's settings: the banners for mail that reaches nobody and for a full disk, and her SMS choice.
export const settingsMessages = {
  // The site's mail: said when it does not reach anyone.
  mail: {
    outboxHeading: 'Your site is not sending email',
    outbox:
      "Sign-in links and your clients' emails are kept on the server (MAIL_TRANSPORT=outbox) and nobody receives them. Set SMTP_URL in the settings file and restart the site.",
    degradedHeading: 'Email is not getting through',
    waiting: (n: number) =>
      `${n === 1 ? '1 email is' : `${n} emails are`} waiting: the mail server did not take ${n === 1 ? 'it' : 'them'}. The site tries again for 24 hours.`,
    givenUp: (n: number) =>
      `${n === 1 ? '1 email' : `${n} emails`} could not be delivered in 24 hours and ${n === 1 ? 'was' : 'were'} given up.`,
    lastError: (error: string) => `The mail server's last answer: ${error}`,
  },
  // The server's disk: said when it is (almost) full, as GET /api/health says it.
  storage: {
    fullHeading: 'Your site cannot save anything: its disk is full',
    full: "New booking requests, messages and your changes are not saved until there is room on the server's disk (the data folder). Visitors are asked to try again later. Delete old backups or files there, or ask your host for more space.",
    lowHeading: "Your site's disk is almost full",
    low: "Make room on the server's disk (the data folder) before bookings and changes are refused: delete old backups or files there, or ask your host for more space.",
  },
  sms: {
    heading: 'SMS notifications',
    toggle: 'Send text messages to clients who opt in',
    inForce: (on: boolean) => `Text messages are ${on ? 'on' : 'off'}.`,
    envOverride: (on: boolean) =>
      `The server's SMS_ENABLED setting overrides this choice: text messages stay ${on ? 'on' : 'off'} until it is removed.`,
    loadFailed: 'Failed to load the SMS setting.',
    saveFailed: 'Failed to save the SMS setting. Please try again.',
  },
} as const;
