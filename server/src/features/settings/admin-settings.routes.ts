// The admin's SMS setting under /api/admin/settings/sms (docs/product.md §4: the environment overrides it; otherwise
// her value; otherwise off).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MailStatus, StorageStatus } from '@studio/shared/domain';
import {
  apiErrorSchema,
  mailStatusSchema,
  settingsUpdateSchema,
  smsStatusSchema,
  storageStatusSchema,
} from '@studio/shared/schemas';
import type { ChangeBus } from '../../platform/change-bus';
import type { SmsSender } from '../messaging';
import type { SettingsStore } from './settings-store';
import { refusals } from '../../platform/http/refusals';

const adminSettingsRoutes: FastifyPluginAsyncZod<{
  settings: SettingsStore;
  smsSender: SmsSender;
  bus: ChangeBus;
  /** The site's mail for her dashboard's banner (features/messaging/mail-queue.ts). */
  mailStatus: () => Promise<MailStatus>;
  /** The data folder's disk for her dashboard's banner (platform/disk-full.ts). */
  storageStatus: () => StorageStatus;
}> = async (app, { settings, smsSender, bus, mailStatus, storageStatus }) => {
  app.get(
    '/settings/mail',
    { schema: { response: { 200: mailStatusSchema, ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return mailStatus();
    },
  );

  app.get(
    '/settings/storage',
    { schema: { response: { 200: storageStatusSchema, ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return storageStatus();
    },
  );

  app.get('/settings/sms', { schema: { response: { 200: smsStatusSchema, ...refusals } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return smsSender.status();
  });

  app.put(
    '/settings/sms',
    { schema: { body: settingsUpdateSchema, response: { 200: smsStatusSchema, 400: apiErrorSchema, ...refusals } } },
    async (request) => {
      await settings.setAdminSmsValue(request.body.smsEnabled);
      // The public availability answer carries the switch (the booking form's SMS opt-in): the pages kept with the
      // old answer are dropped, as after an availability edit.
      bus.publish({ topic: 'availability' });
      return smsSender.status();
    },
  );
};

export default adminSettingsRoutes;
