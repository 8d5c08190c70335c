// Logs as one JSON line per request (docs/architecture.md, operations), with nothing personal and no secret: the
// route and the path without its query string (sign-in links carry their token there), the status and the time, and
// the client's network rather than its address (the last byte of IPv4, all past the /48 of IPv6, zeroed), which is
// enough to spot abuse from one network and too little to name a visitor.
//
// Secrets also travel in paths: the contract signing link (/contracts/sign/<token>, and its /pdf) and her calendar
// feed (/api/calendar/<secret>.ics). (The manage link keeps its token in the fragment, which no server sees; deploy
// tokens travel in a header.) So a request to a route with parameters logs the route's template
// (/contracts/sign/:token) as its path, never the values. That holds for every such route, including one added later
// by someone who does not think of its parameter as a secret; a list of secret segments to blank would have to be kept
// in step with the routes, and a route missing from it would leak. Ids of bookings or projects are lost from the line,
// which costs an operator little. Behind that, every line written, whatever wrote it (a mistyped signing link that
// matches no route and is logged as it came, an error quoting a path), has its token-shaped strings blanked.
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
// Every secret this server makes (sign-in, session, manage, signing, calendar and deploy tokens) is 32 random bytes in
// base64url: 43 characters. UUIDs (36) and version hashes (16) stay readable; a webpack chunk name of 43 or more
// characters is blanked too, which is the price of not having to know where a secret can turn up.
const TOKEN_SHAPED = /[A-Za-z0-9_-]{43,}/g;

/** The text with every run of 43 or more base64url characters (a token's shape) blanked. */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_SHAPED, '[redacted]');
}

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
  return {
    level,
    serializers: { err: serializeError },
    hooks: { streamWrite: redactTokens },
    ...(stream ? { stream } : {}),
  };
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

/** What a request line names as its path: the route's template when the route has parameters, else the path. */
function loggedPath(route: string | undefined, url: string): string | undefined {
  return route?.includes(':') ? route : url.split('?')[0];
}

export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url,
        path: loggedPath(request.routeOptions.url, request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        client: networkOf(request.ip),
      },
      'request',
    );
  });
}
