// Which client a createBooking call counts against (its per-client rate limit).
//
// A deployed function runs on Cloud Run behind Google's front end, which appends the address the connection came
// from to X-Forwarded-For, after whatever the caller put in that header itself. The Functions Framework enables
// Express's 'trust proxy', so request.ip is the LEFTMOST entry: the caller's own text, which would let a script
// claim a fresh address, and so a fresh limit, on every call. Only the rightmost entry is written by Google. The site
// calls the function's own URL; a load balancer or CDN placed in front of it would append an entry of its own after
// the front end's, and the limit would then have to skip that hop too.
import type { IncomingHttpHeaders } from 'node:http';

/** The parts of the incoming request this reads (an Express request, or Node's IncomingMessage). */
export interface ForwardedRequest {
  headers: IncomingHttpHeaders;
  socket?: { remoteAddress?: string | undefined };
}

/** The rightmost X-Forwarded-For entry, or the socket's address when there is none (a call without a proxy). */
export function clientAddress(request: ForwardedRequest): string {
  const header = request.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries.at(-1) ?? request.socket?.remoteAddress ?? 'unknown';
}
