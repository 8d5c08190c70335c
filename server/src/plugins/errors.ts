// One error shape for every API answer: { message, fieldErrors? } (apiErrorSchema). A request that fails its route's
// schema is a 400 with field errors, worded as the shared schemas word them; anything unexpected is logged and
// answered as a plain 500 without internals.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { fieldErrorsOf, fieldKeyOf, issueMessage, type FieldErrors, type z } from '@studio/shared/schemas';
import { FIELDS_NOT_VALID } from '@studio/shared/messages';

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

const BUSY = /SQLITE_BUSY|SQLITE_FULL|SQLITE_IOERR|database is locked|disk is full|readonly database/i;

export default fp(
  async function errorHandling(app) {
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
      // A locked or full database, or an answer its response schema refused (logged with the schema's reasons).
      request.log.error({ err: error }, 'request failed');
      const busy = BUSY.test(String(error.message));
      return sendError(
        reply,
        busy ? 503 : 500,
        busy
          ? 'The server is busy. Please try again in a moment.'
          : 'Something went wrong on our side. Please try again.',
      );
    });
  },
  { name: 'error-handling' },
);
