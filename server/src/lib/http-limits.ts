// How long a client may take and how many it may be (issue 14, item 6): before these, a body sent one byte at a
// time held its connection for as long as the client liked (200 s and counting in the review) and any number of
// such connections could be open at once. Fastify's defaults set none of them except the keep-alive time.
import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';

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
