// The values the functions read from Secret Manager, never from functions/.env.<project> (which `firebase deploy`
// uploads as the function's plain configuration, readable by anyone who can view the function). Which secrets are
// declared follows the configuration: a deploy asks only for what the site uses.

/** An SMTP_URL that names a user but no password: the password comes from the SMTP_PASSWORD secret. */
export function smtpNeedsPassword(smtpUrl: string | undefined): boolean {
  const url = parsed(smtpUrl);
  return url !== undefined && url.username !== '' && url.password === '';
}

function parsed(smtpUrl: string | undefined): URL | undefined {
  if (!smtpUrl?.trim()) return undefined;
  try {
    return new URL(smtpUrl.trim());
  } catch {
    return undefined;
  }
}

/** The secrets to declare for this configuration (read when the deploy discovers the functions). */
export function secretNames(env: NodeJS.ProcessEnv): string[] {
  return [
    ...(smtpNeedsPassword(env.SMTP_URL) ? ['SMTP_PASSWORD'] : []),
    // Twilio's token only when SMS can be sent: with no TWILIO_ACCOUNT_SID the site has no SMS (the server keeps
    // texts in its outbox), and the deploy asks for no Twilio value at all.
    ...(env.TWILIO_ACCOUNT_SID ? ['TWILIO_AUTH_TOKEN'] : []),
    // Stripe's two values (docs/payments.md), only when online deposits are on.
    ...(env.STRIPE_PAYMENTS === 'true' ? ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] : []),
  ];
}

/**
 * The settings the server reads, with the SMTP password put into SMTP_URL (the one mail setting the server and the
 * embedded home know) and the secret itself left out. Cloud Functions hands a declared secret to the function as an
 * environment variable of its name.
 */
export function withSmtpPassword(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { SMTP_PASSWORD: password, ...rest } = env;
  const url = parsed(env.SMTP_URL);
  if (!password || !url || !smtpNeedsPassword(env.SMTP_URL)) return rest;
  // Encoded whole: the URL's own setter leaves `%` as it is, which a mail library decoding the address then misreads.
  url.password = encodeURIComponent(password);
  return { ...rest, SMTP_URL: url.toString() };
}
