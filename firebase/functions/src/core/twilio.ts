// Twilio's Messages API over fetch: one POST, no SDK (keeps the deployed function small and the client fakeable).
import type { SmsClient } from './send-booking-sms';

export interface TwilioOptions {
  accountSid: string;
  /** From Secret Manager (defineSecret('TWILIO_AUTH_TOKEN')); never in source or .env files. */
  authToken: string;
  from: string;
  fetch?: typeof fetch;
}

export function createTwilioClient(options: TwilioOptions): SmsClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  return {
    async send(to, body) {
      const response = await doFetch(url, {
        method: 'POST',
        headers: { Authorization: `Basic ${auth}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: options.from, Body: body }).toString(),
      });
      const payload = (await response.json().catch(() => ({}))) as { sid?: string; message?: string };
      if (!response.ok || !payload.sid)
        throw new Error(`Twilio answered ${response.status}: ${payload.message ?? 'no sid'}`);
      return { sid: payload.sid };
    },
  };
}
