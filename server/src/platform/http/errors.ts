// One error shape for every API answer: { message, fieldErrors? } (apiErrorSchema). A request that fails its route's
// schema is a 400 with field errors, worded as the shared schemas word them; anything unexpected is logged and
// answered as a plain 500 without internals.
import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { fieldErrorsOf, fieldKeyOf, issueMessage, type FieldErrors, type z } from '@studio/shared/schemas';
import { FIELDS_NOT_VALID } from '@studio/shared/messages';
import { createDiskFullAlarm, isDiskFull, type DiskFullAlarm } from '../disk-full';

declare module 'fastify' {
  interface FastifyInstance {
    /** Notes each write refused for lack of room, for GET /api/health and her dashboard (platform/disk-full.ts). */
    diskFull: DiskFullAlarm;
  }
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** Parses with a shared schema or throws a 400 carrying the field errors (for input a route checks itself). */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, FIELDS_NOT_VALID, fieldErrorsOf(result.error));
  return result.data;
}

/** The route-schema failures as the same { field: [messages] } that fieldErrorsOf gives for a parse by hand. */
export function fieldErrorsOfValidation(validation: readonly ZodFastifySchemaValidationError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const item of validation) {
    const keys = item.params.keys;
    (out[fieldKeyOf(item.instancePath.split('/').filter(Boolean))] ??= []).push(
      issueMessage({
        code: item.keyword,
        message: item.message ?? FIELDS_NOT_VALID,
        keys: Array.isArray(keys) ? keys.map(String) : undefined,
      }),
    );
  }
  return out;
}

/** Sends the error shape; the reply's status picks the route's error schema, which serialises it. */
export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  fieldErrors?: Record<string, string[]>,
) {
  return reply
    .code(status)
    .type('application/json')
    .send(fieldErrors ? { message, fieldErrors } : { message });
}

export const BAD_URL = 'The address is not valid.';
export const URL_TOO_LONG = 'The address is too long.';
export const REQUEST_TIMEOUT = 'The request took too long to arrive.';
export const HEADERS_TOO_LARGE = 'The request headers are too large.';
export const MALFORMED_REQUEST = 'The request is malformed.';
export const SERVER_FAILED = 'Something went wrong on our side. Please try again.';
export const SERVER_BUSY = 'The server is busy. Please try again in a moment.';
/** A write refused for lack of room: nothing the visitor can fix, and no load to blame. */
export const SAVE_FAILED_TRY_LATER = 'This could not be saved right now. Please try again later.';

/**
 * Errors the router meets before any route or hook runs (Fastify's `frameworkErrors`): an undecodable path, and a
 * path segment longer than the router's limit, which Fastify would answer with its own shape (code, error,
 * statusCode) and the whole path echoed back.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') return sendError(reply, 400, BAD_URL);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, URL_TOO_LONG);
  return sendError(reply, 500, SERVER_FAILED);
}

/**
 * What Node's HTTP parser cannot hand to Fastify at all (a request that timed out, oversized headers, bytes that are
 * not HTTP): answered on the raw socket, still in the one error shape, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, REQUEST_TIMEOUT]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, HEADERS_TOO_LARGE]
        : [400, MALFORMED_REQUEST];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const BUSY = /SQLITE_BUSY|SQLITE_IOERR|database is locked|readonly database/i;

export default fp(
  async function errorHandling(app) {
    const diskFull = createDiskFullAlarm();
    app.decorate('diskFull', diskFull);
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message, error.fieldErrors);
      if (hasZodFastifySchemaValidationErrors(error)) {
        return sendError(reply, 400, FIELDS_NOT_VALID, fieldErrorsOfValidation(error.validation));
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return sendError(reply, 413, 'The request is too large.');
      if (status === 415) return sendError(reply, 415, 'Send JSON (Content-Type: application/json).');
      if (status === 429) return sendError(reply, 429, error.message);
      if (status >= 400 && status < 500) {
        // Fastify's own 4xx (malformed JSON, empty body): say what is wrong without internals.
        return sendError(
          reply,
          status,
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'The request body is not valid JSON.'
            : error.message,
        );
      }
      if (isDiskFull(error)) {
        diskFull.note();
        request.log.error({ err: error }, "request failed: the data folder's disk is full");
        return sendError(reply, 503, SAVE_FAILED_TRY_LATER);
      }
      // A locked database, or an answer its response schema refused (logged with the schema's reasons).
      request.log.error({ err: error }, 'request failed');
      const busy = BUSY.test(String(error.message));
      return sendError(reply, busy ? 503 : 500, busy ? SERVER_BUSY : SERVER_FAILED);
    });
  },
  { name: 'error-handling' },
);
