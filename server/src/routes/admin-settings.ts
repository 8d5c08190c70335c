// The admin's SMS setting (docs/product.md §4: the environment overrides it; otherwise her value; otherwise off).
import type { FastifyInstance } from 'fastify';
import { settingsUpdateSchema } from '@studio/shared/schemas';
import type { SettingsRepository } from '../repositories/settings-repository';
import { parseOr400 } from '../plugins/errors';

export function registerAdminSettingsRoutes(app: FastifyInstance, deps: { settings: SettingsRepository }) {
  app.get('/api/admin/settings/sms', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return deps.settings.smsStatus();
  });

  app.put('/api/admin/settings/sms', async (request) => {
    const { smsEnabled } = parseOr400(settingsUpdateSchema, request.body);
    return deps.settings.setAdminSmsValue(smsEnabled);
  });
}
