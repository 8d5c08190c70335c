// A visitor's message to the admin when nothing can be booked (issue 18, item 7): checked by the shared schema as a
// booking is (the same name, e-mail and phone rules, the message like a description), rate limited per client address
// like every public write, CSRF- and Origin-checked by the csrf plugin, and mailed to ADMIN_EMAIL with the visitor's
// address to reply to. Nothing is stored: the mail is the message.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatPhone } from '@studio/shared/domain/phone';
import { apiErrorSchema, contactMessageSchema, z } from '@studio/shared/schemas';
import type { AppOptions } from '../config';
import type { Mailer } from '../lib/mailer';
import { HttpError } from '../plugins/errors';
import { refusals } from './refusals';

export const CONTACT_SEND_FAILED =
  'Your message could not be sent. Please try again or write to the e-mail address above.';

export interface ContactRoutesOptions {
  options: AppOptions;
  mailer: Mailer;
}

const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, { options, mailer }) => {
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
      const { name, email, phone, message } = request.body;
      try {
        await mailer.send({
          to: options.adminEmail,
          replyTo: email,
          subject: `Message from ${name} (nothing was bookable)`,
          text: [
            `${name} wrote through the booking page while no date could be booked.`,
            '',
            `E-mail: ${email}`,
            ...(phone ? [`Phone: ${formatPhone(phone)}`] : []),
            '',
            message,
          ].join('\n'),
        });
      } catch (error) {
        request.log.error({ err: error }, 'contact mail failed');
        throw new HttpError(502, CONTACT_SEND_FAILED);
      }
      return reply.code(204).send(null);
    },
  );
};

export default contactRoutes;
