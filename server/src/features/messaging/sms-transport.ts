// SMS through a transport: Twilio's REST API when configured, otherwise the local outbox. Limits (10 per hour, 100
// per day) are enforced by the caller (the notifications service), not here.
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxStore } from './outbox-store';

export interface SmsTransport {
  send(to: string, body: string): Promise<void>;
  readonly kind: 'twilio' | 'outbox';
}

export function createSmsTransport(options: {
  twilio: { accountSid: string; authToken: string; from: string } | undefined;
  outbox: OutboxStore;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
  /** The clock an outbox message is stamped with. */
  now?: () => Date;
}): SmsTransport {
  const { twilio, outbox, log, now = () => new Date() } = options;
  if (!twilio) {
    return {
      kind: 'outbox',
      async send(to, body) {
        const id = await outbox.add({ channel: 'sms', recipient: to, subject: '', body }, now().toISOString());
        log.info({ outboxId: id, channel: 'sms' }, 'SMS kept in the local outbox');
      },
    };
  }
  const doFetch = options.fetch ?? fetch;
  return {
    kind: 'twilio',
    async send(to, body) {
      const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
      const response = await doFetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: to, From: twilio.from, Body: body }).toString(),
      });
      if (!response.ok) throw new Error(`Twilio answered ${response.status}`);
    },
  };
}
