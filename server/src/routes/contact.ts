// A visitor's message to the admin when nothing can be booked (issue 18, item 7): checked by the shared schema as a
// booking is (the same name, e-mail and phone rules, the message like a description), rate limited per client address
// like every public write, CSRF- and Origin-checked by the csrf plugin, and handed to her client actions
// (services/client-actions.ts): mailed to ADMIN_EMAIL with the visitor's address to reply to, or kept for her digest.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, contactMessageSchema, z } from '@studio/shared/schemas';
import type { AppOptions } from '../config';
import type { ClientActions } from '../services/client-actions';
import { HttpError } from '../plugins/errors';
import { refusals } from './refusals';

export const CONTACT_SEND_FAILED =
  'Your message could not be sent. Please try again or write to the e-mail address above.';

export interface ContactRoutesOptions {
  options: AppOptions;
  /** Records the message and mails it to her (or keeps it for her daily digest): issue 27. */
  clientActions: Pick<ClientActions, 'contactMessage'>;
}

const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, { options, clientActions }) => {
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
      try {
        await clientActions.contactMessage(request.body);
      } catch (error) {
        request.log.error({ err: error }, 'contact mail failed');
        throw new HttpError(502, CONTACT_SEND_FAILED);
      }
      return reply.code(204).send(null);
    },
  );
};

export default contactRoutes;
