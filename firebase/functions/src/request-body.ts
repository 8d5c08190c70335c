// Cloud Functions hands the app a request whose body it has already read: its framework (Express with body-parser)
// consumes the stream of every request that has a body and keeps the bytes in `req.rawBody`. Fastify parses bodies
// from the stream (JSON, multipart uploads, deploy archives alike), so such a request is given to it as a fresh
// stream of those same bytes, with the original's method, URL, headers and socket. A request nothing read (a GET,
// the admin's live stream) is passed on as it is.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';

export type CloudFunctionsRequest = IncomingMessage & { rawBody?: Buffer };

/**
 * The Functions emulator speaks to the function over a unix socket, which has no peer address, and the app keys its
 * limits on the client's address: such a request comes from this machine, so it is given 127.0.0.1. A deployed
 * function's socket is TCP and always has one.
 */
const LOCAL_PEER = '127.0.0.1';

function socketOf(req: IncomingMessage): Socket {
  if (req.socket.remoteAddress !== undefined) return req.socket;
  return Object.create(req.socket, { remoteAddress: { value: LOCAL_PEER } }) as Socket;
}

export function requestForFastify(req: CloudFunctionsRequest): IncomingMessage {
  const bodyRead = req.rawBody !== undefined && req.readableEnded;
  if (!bodyRead && req.socket.remoteAddress !== undefined) return req;
  if (!bodyRead) {
    // Only the address is missing: the request itself, seen through an object that adds it.
    return Object.create(req, { socket: { value: socketOf(req) }, connection: { value: socketOf(req) } });
  }
  const body = req.rawBody ?? Buffer.alloc(0);
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
  // The length is that of the bytes Fastify receives (body-parser has undone any content encoding).
  const headers = { ...req.headers, 'content-length': String(body.length) };
  delete headers['content-encoding'];
  delete headers['transfer-encoding'];
  const socket = socketOf(req);
  Object.assign(fresh, {
    method: req.method,
    url: req.url,
    headers,
    rawHeaders: req.rawHeaders,
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    httpVersionMinor: req.httpVersionMinor,
    socket,
    connection: socket,
    complete: true,
    aborted: false,
  });
  req.once('close', () => fresh.emit('close'));
  return fresh as unknown as IncomingMessage;
}
