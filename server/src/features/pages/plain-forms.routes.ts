// The forms a public page posts without JavaScript (the public site works without script): the booking form
// (features/bookings/bookings.routes.ts), her contact form (features/messaging/contact.routes.ts) and the client's
// manage page's forms (features/bookings/manage-booking-forms.ts). Each posts to
// its page's own address, so the answer is that page again, rendered with what happened; the forms on one page
// (/book-me, /manage-booking) share its one POST route and name themselves in a hidden field.
// What every plain post shares lives here: the urlencoded body, the rate limit of public writes, the Origin check a
// form is held to, the same as every API write's (platform/http/csrf.ts, formPostRefusal), and the rendered answer.
import type { FastifyPluginAsync } from 'fastify';
import { PLAIN_FORM_FIELD, type PlainFormName, type PlainFormPost } from '@studio/shared/domain/plain-form';
import type { AppOptions } from '../../platform/config';
import { formPostRefusal } from '../../platform/http/csrf';
import { HttpError, sendError } from '../../platform/http/errors';

/** A plain form's fields are a few short lines: far below the server's body limit for JSON. */
const PLAIN_FORM_BODY_LIMIT = 16 * 1024;
export const PLAIN_FORM_TYPE_REFUSED = 'This form must be sent as a web form.';
export const PLAIN_FORM_UNKNOWN = 'This form is not one of this page.';

export type { PlainFormName };
/** A form's answer to a post: the status and what the page shows. */
export interface PlainFormAnswer {
  status: number;
  formPost: PlainFormPost;
}
export type PlainFormHandler = (fields: Readonly<Record<string, string | undefined>>) => Promise<PlainFormAnswer>;

export interface PlainForms {
  /** A page's form: its posts (by the name in the hidden field, or the page's first form without one) go here. */
  add(path: string, form: PlainFormName, handler: PlainFormHandler): void;
  readonly pages: ReadonlyMap<string, ReadonlyMap<PlainFormName, PlainFormHandler>>;
}

export function createPlainForms(): PlainForms {
  const pages = new Map<string, Map<PlainFormName, PlainFormHandler>>();
  return {
    pages,
    add(path, form, handler) {
      const forms = pages.get(path) ?? new Map<PlainFormName, PlainFormHandler>();
      if (forms.has(form)) throw new Error(`The ${form} form on ${path} is added twice`);
      pages.set(path, forms.set(form, handler));
    },
  };
}

/**
 * A refusal the API would answer (a 4xx HttpError) as a refused form shows it: the first message of each field and
 * the message as a whole. Anything else (a fault of the server) is not the visitor's to correct: it is thrown on.
 */
export function refusalOf(error: unknown): { status: number; fieldErrors: Record<string, string>; message: string } {
  if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
  const fieldErrors = Object.fromEntries(
    Object.entries(error.fieldErrors ?? {}).flatMap(([field, list]) => (list[0] ? [[field, list[0]]] : [])),
  );
  return { status: error.statusCode, fieldErrors, message: error.message };
}

export interface PlainFormRoutesOptions {
  options: AppOptions;
  /** Registered after the routes that add their forms to it: one POST route per page. */
  forms: PlainForms;
}

const plainFormRoutes: FastifyPluginAsync<PlainFormRoutesOptions> = async (app, { options, forms }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: PLAIN_FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  for (const [path, handlers] of forms.pages) {
    // The form a post without the hidden field is: the page's first (the booking form posted before there were two).
    const first = handlers.keys().next().value;
    app.post(
      path,
      { config: { rateLimit: { max: options.publicWriteLimitPerMinute, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const refusal = formPostRefusal(request, {
          publicOrigin: options.publicOrigin,
          adminOrigin: options.adminOrigin,
          production: options.production,
        });
        if (refusal) return sendError(reply, 403, refusal);
        if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
          return sendError(reply, 415, PLAIN_FORM_TYPE_REFUSED);
        }
        const fields = request.body as Record<string, string | undefined>;
        const name = fields[PLAIN_FORM_FIELD] ?? first;
        const handler = handlers.get(name as PlainFormName);
        if (!handler) return sendError(reply, 400, PLAIN_FORM_UNKNOWN);
        const { status, formPost } = await handler(fields);
        const page = await app.renderPostedPage(request.url, formPost);
        if (!page) return sendError(reply, 503, 'The site has not been built yet.');
        return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page.html);
      },
    );
  }
};

export default plainFormRoutes;
