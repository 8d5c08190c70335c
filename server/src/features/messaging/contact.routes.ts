// A visitor's message to the admin when nothing can be booked (a way to reach her all the same): checked by the
// shared schema as a booking is (the same name, e-mail and phone rules, the message like a description), rate limited
// per client address like every public write, CSRF- and Origin-checked by the csrf plugin, and handed to her client
// actions (features/client-activity/client-actions.ts): mailed to ADMIN_EMAIL with the visitor's address to reply to,
// or kept for her digest. Without JavaScript the form posts to its page, /book-me (the public site works without
// script): the same schema and client action, answered by the page rendered with the thank-you or the form again
// (features/pages/plain-forms.routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactMessage } from '@studio/shared/domain';
import { ROUTES } from '@studio/shared/routes';
import { apiErrorSchema, contactMessageSchema, z } from '@studio/shared/schemas';
import type { AppOptions } from '../../platform/config';
import type { ClientActions } from '../client-activity';
import { HttpError, parseOr400 } from '../../platform/http/errors';
import { refusalOf, type PlainForms } from '../pages';
import { refusals } from '../../platform/http/refusals';

export const CONTACT_SEND_FAILED =
  'Your message could not be sent. Please try again or write to the e-mail address above.';

export interface ContactRoutesOptions {
  options: AppOptions;
  /** Records the message and mails it to her (or keeps it for her daily digest, as she chose in her settings). */
  clientActions: Pick<ClientActions, 'contactMessage'>;
  /** Where the contact form's plain post (no JavaScript) is handed in. */
  plainForms: PlainForms;
}

/** The message a plain form posted: each field of the shared schema from its input of the same name, nothing else. */
export function contactMessageOfForm(fields: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(Object.keys(contactMessageSchema.shape).map((name) => [name, fields[name] ?? '']));
}

const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (
  app,
  { options, clientActions, plainForms },
) => {
  const send = async (message: ContactMessage, log: { error(o: object, m: string): void }) => {
    try {
      await clientActions.contactMessage(message);
    } catch (error) {
      log.error({ err: error }, 'contact mail failed');
      throw new HttpError(502, CONTACT_SEND_FAILED);
    }
  };

  app.post(
    '/api/contact',
    {
      config: { rateLimit: { max: options.publicWriteLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        body: contactMessageSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 502: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await send(request.body, request.log);
      return reply.code(204).send(null);
    },
  );

  plainForms.add(ROUTES.booking.pattern, 'contact', async (fields) => {
    const values = contactMessageOfForm(fields);
    try {
      await send(parseOr400(contactMessageSchema, values), app.log);
      return { status: 200, formPost: { form: 'contact', outcome: 'sent' } };
    } catch (error) {
      // A mail that cannot leave is not hers to correct, but she keeps what she wrote and is told so on the page.
      const { status, ...refusal } =
        error instanceof HttpError && error.statusCode === 502
          ? { status: 502, fieldErrors: {}, message: error.message }
          : refusalOf(error);
      return { status, formPost: { form: 'contact', outcome: 'refused', values, ...refusal } };
    }
  });
};

export default contactRoutes;
