// The admin's SMS setting under /api/admin/settings/sms (docs/product.md §4: the environment overrides it; otherwise
// her value; otherwise off).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, settingsUpdateSchema, smsStatusSchema } from '@studio/shared/schemas';
import type { SmsSender } from '../lib/sms-sender';
import type { SettingsStore } from '../repositories/ports';
import { refusals } from './refusals';

const adminSettingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsStore; smsSender: SmsSender }> = async (
  app,
  { settings, smsSender },
) => {
  app.get('/settings/sms', { schema: { response: { 200: smsStatusSchema, ...refusals } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return smsSender.status();
  });

  app.put(
    '/settings/sms',
    { schema: { body: settingsUpdateSchema, response: { 200: smsStatusSchema, 400: apiErrorSchema, ...refusals } } },
    async (request) => {
      await settings.setAdminSmsValue(request.body.smsEnabled);
      return smsSender.status();
    },
  );
};

export default adminSettingsRoutes;
