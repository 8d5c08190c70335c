// One error shape for every API answer: { message, fieldErrors? }. A validation failure is a 400 with field errors;
// anything unexpected is logged and answered as a plain 500 without internals.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fieldErrorsOf, type z } from '@studio/shared/schemas';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** Parses with a shared schema or throws a 400 carrying the field errors. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, 'Some fields are not valid.', fieldErrorsOf(result.error));
  return result.data;
}

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

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message, error.fieldErrors);
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
    request.log.error({ err: error }, 'request failed');
    const busy = /SQLITE_BUSY|SQLITE_FULL|SQLITE_IOERR|database is locked|disk is full|readonly database/i.test(
      String(error.message),
    );
    return sendError(
      reply,
      busy ? 503 : 500,
      busy
        ? 'The server is busy. Please try again in a moment.'
        : 'Something went wrong on our side. Please try again.',
    );
  });
}
