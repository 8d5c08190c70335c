// The admin's SMS setting under /api/admin/settings/sms (docs/product.md §4: the environment overrides it; otherwise
// her value; otherwise off).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, settingsUpdateSchema, smsStatusSchema } from '@studio/shared/schemas';
import type { SettingsRepository } from '../repositories/settings-repository';
import { refusals } from './refusals';

const adminSettingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsRepository }> = async (app, { settings }) => {
  app.get('/settings/sms', { schema: { response: { 200: smsStatusSchema, ...refusals } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return settings.smsStatus();
  });

  app.put(
    '/settings/sms',
    { schema: { body: settingsUpdateSchema, response: { 200: smsStatusSchema, 400: apiErrorSchema, ...refusals } } },
    async (request) => settings.setAdminSmsValue(request.body.smsEnabled),
  );
};

export default adminSettingsRoutes;
