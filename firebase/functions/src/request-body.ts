// Cloud Functions hands the app a request whose body it has already read: its framework (Express with body-parser)
// consumes the stream of every request that has a body and keeps the bytes in `req.rawBody`. Fastify parses bodies
// from the stream (JSON, multipart uploads, deploy archives alike), so a request with a body is given to it as a
// fresh stream of those same bytes, with the original's method, address, headers and socket. A request without a
// body (a GET, the admin's live stream) is passed on as it is.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

export type CloudFunctionsRequest = IncomingMessage & { rawBody?: Buffer };

export function requestWithBody(req: CloudFunctionsRequest): IncomingMessage {
  const body = req.rawBody;
  // Untouched: nothing read it, so Fastify reads the stream itself.
  if (body === undefined || !req.readableEnded) return req;
  let sent = false;
  const fresh = new Readable({
    // 'close' means the client went away (routes listen for it): it comes from the original request, not from the
    // end of this copy.
    autoDestroy: false,
    emitClose: false,
    read() {
      if (sent) return;
      sent = true;
      this.push(body);
      this.push(null);
    },
  });
  // body-parser leaves these as the client sent them; a decompressed body would no longer match its length, so the
  // length is the bytes Fastify receives.
  const headers = { ...req.headers, 'content-length': String(body.length) };
  delete headers['content-encoding'];
  delete headers['transfer-encoding'];
  Object.assign(fresh, {
    method: req.method,
    url: req.url,
    headers,
    rawHeaders: req.rawHeaders,
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    httpVersionMinor: req.httpVersionMinor,
    socket: req.socket,
    connection: req.socket,
    complete: true,
    aborted: false,
  });
  req.once('close', () => fresh.emit('close'));
  return fresh as unknown as IncomingMessage;
}
