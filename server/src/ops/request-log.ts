// Logs as one JSON line per request (docs/architecture.md, operations), with nothing personal and no secret: the
// route and the path without its query string (sign-in links carry their token there), the status and the time, and
// the client's network rather than its address (the last byte of IPv4, all past the /48 of IPv6, zeroed), which is
// enough to spot abuse from one network and too little to name a visitor.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { isIPv4, isIPv6 } from 'node:net';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Where log lines go when not to standard output (tests read them). */
export interface LogStream {
  write(line: string): void;
}

// An error can quote what it failed on: an SMTP server's refusal names the recipient, a URL its query.
const EMAIL_ADDRESS = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+\.[a-z]{2,}/gi;
const PHONE_NUMBER = /\+\d{7,15}\b/g;
const TOKEN = /\b(token=)[A-Za-z0-9_-]{16,}/g;

/** The text with e-mail addresses, phone numbers and link tokens blanked. */
export function scrubPersonalData(text: string): string {
  return text.replace(EMAIL_ADDRESS, '[e-mail]').replace(PHONE_NUMBER, '[phone]').replace(TOKEN, '$1[redacted]');
}

/** How an error is written to the log: its kind, code, message and stack, scrubbed of personal data. */
function serializeError(error: Error & { code?: unknown }) {
  return {
    type: error.name,
    ...(error.code !== undefined ? { code: String(error.code) } : {}),
    message: scrubPersonalData(error.message),
    stack: scrubPersonalData(error.stack ?? ''),
  };
}

export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${level}".`);
  }
  if (level === 'silent' && !stream) return false;
  return { level, serializers: { err: serializeError }, ...(stream ? { stream } : {}) };
}

function expandIPv6(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((h) => parseInt(h, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The client's network: a.b.c.0/24 for IPv4, the first 48 bits for IPv6. */
export function networkOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const v4 = mapped ?? (isIPv4(address) ? address : undefined);
  if (v4) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return undefined;
  const groups = expandIPv6(address.split('%')[0] ?? address);
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(':')}::/48`;
}

export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        client: networkOf(request.ip),
      },
      'request',
    );
  });
}
