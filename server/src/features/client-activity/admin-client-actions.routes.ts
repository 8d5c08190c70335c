// The dashboard's badge of what clients did and her choice of a daily digest, under /api/admin (guarded
// where admin.ts registers it): GET client-actions is the count she has not seen and the latest; POST
// client-actions/seen marks them seen (all when she opens the list, one booking's when she follows its link).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@studio/shared/schemas';
import {
  clientActionSettingsSchema,
  clientActionsSeenSchema,
  clientActionsSummarySchema,
} from '@studio/shared/schemas/client-actions';
import type { SettingsStore } from '../settings';
import type { ClientActions } from './client-actions';
import { refusals } from '../../platform/http/refusals';

export interface AdminClientActionsOptions {
  clientActions: ClientActions;
  settings: SettingsStore;
}

const adminClientActionsRoutes: FastifyPluginAsyncZod<AdminClientActionsOptions> = async (
  app,
  { clientActions, settings },
) => {
  app.get(
    '/client-actions',
    { schema: { response: { 200: clientActionsSummarySchema, ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return clientActions.summary();
    },
  );

  app.post(
    '/client-actions/seen',
    {
      schema: {
        body: clientActionsSeenSchema,
        response: { 200: clientActionsSummarySchema, 400: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      await clientActions.markSeen(request.body.bookingId);
      return clientActions.summary();
    },
  );

  app.get(
    '/settings/client-actions',
    { schema: { response: { 200: clientActionSettingsSchema, ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { dailyDigest: await settings.clientActionDigest() };
    },
  );

  app.put(
    '/settings/client-actions',
    {
      schema: {
        body: clientActionSettingsSchema,
        response: { 200: clientActionSettingsSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      await settings.setClientActionDigest(request.body.dailyDigest);
      return { dailyDigest: await settings.clientActionDigest() };
    },
  );
};

export default adminClientActionsRoutes;
