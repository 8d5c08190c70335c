// How long a client may take and how many it may be: before these, a body sent one byte at a time held its
// connection for as long as the client liked (200 s and counting in a review of the server) and any number of
// such connections could be open at once. Fastify's defaults set none of them except the keep-alive time.
//
// The connection cap was at first one number for everybody, so 512 idle connections from one address locked every
// other client out; now one client (an IPv4 address or an IPv6 /64, platform/http/client-address.ts) holds at most
// maxConnectionsPerClient of them. And an error answered before the request's body had arrived (a 401 or 403 in an
// onRequest hook, a 413 on the declared length) left Node reading the rest of the body for up to the request timeout:
// such an answer now closes the connection.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import { clientKeyOf } from './client-address';

export interface HttpLimits {
  /** The whole request, headers and body, must have arrived this long after it began (else 408). */
  requestTimeoutMs: number;
  /** The headers must have arrived this long after the request began (else 408). */
  headersTimeoutMs: number;
  /**
   * Node checks the two timeouts above on this interval (its default is 30 s, which would let a slow request run for
   * up to 30 s past its limit).
   */
  timeoutCheckIntervalMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /**
   * A connection with no traffic either way for this long is closed: a client that stops reading an answer, or a
   * live stream nobody reads (its heartbeat is traffic only while the client takes it).
   */
  connectionTimeoutMs: number;
  /** Requests one connection may carry before the server asks the client to open a new one. */
  maxRequestsPerSocket: number;
  /** Connections open at once; the next one is closed at once until one ends. */
  maxConnections: number;
  /**
   * Connections one client (an IPv4 address or an IPv6 /64) may hold at once; its next one is closed at once. Not
   * counted for a trusted proxy (TRUST_PROXY), whose connections carry many clients.
   */
  maxConnectionsPerClient: number;
}

export const HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  timeoutCheckIntervalMs: 1_000,
  // Longer than the 60 s idle timeout of common reverse proxies and load balancers, so they close first and never
  // reuse a connection the server has just closed (Fastify's default is 72 s for the same reason).
  keepAliveTimeoutMs: 65_000,
  connectionTimeoutMs: 120_000,
  // A keep-alive connection is renewed now and then. Node answers 503 to a client that goes on sending after it was
  // told to close, which the load generator of npm run bench does: its 50 connections stay well under this in 10 s.
  maxRequestsPerSocket: 10_000,
  // A one-person site: the admin's streams, a burst of visitors and the load test's 50 connections fit many times.
  maxConnections: 512,
  // A browser opens up to 6 per site, the admin's streams a few more, the load test 50 from one address; a household
  // or an office behind one address fits too. Eight such clients are needed to fill maxConnections, not one.
  maxConnectionsPerClient: 64,
};

/** The limits as Fastify's constructor takes them; maxConnections is set on its server once built (app.ts). */
export function fastifyLimitOptions(limits: HttpLimits): FastifyHttpOptions<Server> {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
  };
}

/**
 * The connection caps on the listening server: maxConnections in all, maxConnectionsPerClient per client except the
 * peers `isTrustedProxy` names (trust-proxy.ts, trustsPeer).
 */
export function capConnections(server: Server, limits: HttpLimits, isTrustedProxy: (address: string) => boolean) {
  server.maxConnections = limits.maxConnections;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    // No address: the socket has closed already.
    if (!address || isTrustedProxy(address)) return;
    const client = clientKeyOf(address);
    const held = open.get(client) ?? 0;
    if (held >= limits.maxConnectionsPerClient) {
      socket.destroy();
      return;
    }
    open.set(client, held + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
}

/**
 * An error answered before the request's body has all arrived closes the connection (Connection: close): otherwise
 * Node goes on reading and discarding the body to keep the connection alive, for as long as the client takes to send
 * it (up to requestTimeoutMs). The answer is sent first; a client still sending then sees the connection end.
 */
export function closeAfterEarlyErrors(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    // `complete` is Node's own flag; a request made with inject() has none, and no socket to keep.
    if (reply.statusCode >= 400 && request.raw.complete === false) reply.header('connection', 'close');
    return payload;
  });
}
