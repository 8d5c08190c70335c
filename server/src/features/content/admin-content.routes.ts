// The admin's content under /api/admin: services, site details, comp card, portfolio metadata and
// content, projects with their galleries. Registered inside the admin scope, so every route is admin-only and
// CSRF-checked; each body is checked by the entity's shared schema (the same one her form and the Firestore rules
// follow) before anything is stored, and each write answers what was stored. The public reads send
// `Cache-Control: no-cache`/`no-store`, so a visitor's next load shows the change.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTENT_NOT_FOUND, SERVICE_ORDER_MISMATCH } from '@studio/shared/messages';
import {
  apiErrorSchema,
  compCardResponseSchema,
  compCardSchema,
  idParamsSchema,
  portfolioContentInputSchema,
  portfolioContentSchema,
  portfolioInputSchema,
  portfolioMetaInputSchema,
  portfolioMetaSchema,
  portfolioSchema,
  projectInputSchema,
  projectWithGallerySchema,
  serviceInputSchema,
  serviceOrderSchema,
  serviceSchema,
  siteDetailsResponseSchema,
  siteDetailsSchema,
  z,
} from '@studio/shared/schemas';
import type { AppOptions } from '../../platform/config';
import { HttpError } from '../../platform/http/errors';
import {
  COMP_CARD_ID,
  PORTFOLIO_CONTENT_ID,
  PORTFOLIO_META_ID,
  SITE_DETAILS_ID,
  type ContentStore,
} from './content-store';
import type { ChangeBus } from '../../platform/change-bus';
import { refusals } from '../../platform/http/refusals';

export const ID_MISMATCH = 'The id in the address and the id in the body differ';

export interface AdminContentOptions {
  options: AppOptions;
  content: ContentStore;
  bus: ChangeBus;
}

const written = <T extends z.ZodType>(schema: T) => ({ 200: schema, 400: apiErrorSchema, ...refusals });
const removed = { 204: z.null(), 404: apiErrorSchema, ...refusals };

const adminContentRoutes: FastifyPluginAsyncZod<AdminContentOptions> = async (app, { options, content, bus }) => {
  const now = () => options.now().toISOString();
  // Every write that succeeded changes what the public pages show: the server-rendered HTML kept for them is stale.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300) bus.publish({ topic: 'content' });
  });

  app.put(
    '/site',
    { schema: { body: siteDetailsSchema, response: written(siteDetailsResponseSchema) } },
    async (request) => {
      await content.putDocument(SITE_DETAILS_ID, request.body, now());
      return (await content.getSite()).details;
    },
  );

  app.put(
    '/comp-card',
    { schema: { body: compCardSchema, response: written(compCardResponseSchema) } },
    async (request) => {
      await content.putDocument(COMP_CARD_ID, request.body, now());
      return (await content.getSite()).compCard;
    },
  );

  app.get(
    '/services',
    { schema: { response: { 200: z.array(serviceSchema), ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return content.listAllServices();
    },
  );

  app.put(
    '/services/:id',
    { schema: { params: idParamsSchema, body: serviceInputSchema, response: written(serviceSchema) } },
    async (request) => {
      if (request.params.id !== request.body.id) throw new HttpError(400, ID_MISMATCH, { id: [ID_MISMATCH] });
      return content.saveService(request.body);
    },
  );

  app.delete('/services/:id', { schema: { params: idParamsSchema, response: removed } }, async (request, reply) => {
    if (!(await content.deleteService(request.params.id))) throw new HttpError(404, CONTENT_NOT_FOUND);
    return reply.code(204).send(null);
  });

  // Not under /services/: a service may well be called 'order'.
  app.put(
    '/service-order',
    { schema: { body: serviceOrderSchema, response: written(z.array(serviceSchema)) } },
    async (request) => {
      if (!(await content.reorderServices(request.body.ids))) {
        throw new HttpError(400, SERVICE_ORDER_MISMATCH, { ids: [SERVICE_ORDER_MISMATCH] });
      }
      return content.listAllServices();
    },
  );

  app.put(
    '/portfolio/meta',
    { schema: { body: portfolioMetaInputSchema, response: written(portfolioMetaSchema) } },
    async (request) => {
      await content.putDocument(PORTFOLIO_META_ID, request.body, now());
      return request.body;
    },
  );

  app.put(
    '/portfolio/content',
    { schema: { body: portfolioContentInputSchema, response: written(portfolioContentSchema) } },
    async (request) => {
      await content.putDocument(PORTFOLIO_CONTENT_ID, request.body, now());
      return request.body;
    },
  );

  // Her one Save: the words and the media in one write, so a show she adds and the photos she put in it
  // appear together, and a concept she removes takes its photos with it.
  app.put(
    '/portfolio',
    { schema: { body: portfolioInputSchema, response: written(portfolioSchema) } },
    async (request) => {
      const { meta, content: media } = request.body;
      await content.putDocuments(
        [
          { id: PORTFOLIO_META_ID, data: meta },
          { id: PORTFOLIO_CONTENT_ID, data: media },
        ],
        now(),
      );
      return request.body;
    },
  );

  app.get(
    '/projects',
    { schema: { response: { 200: z.array(projectWithGallerySchema), ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return content.listProjects();
    },
  );

  app.put(
    '/projects/:id',
    { schema: { params: idParamsSchema, body: projectInputSchema, response: written(projectWithGallerySchema) } },
    async (request) => {
      if (request.params.id !== request.body.project.id) {
        throw new HttpError(400, ID_MISMATCH, { 'project.id': [ID_MISMATCH] });
      }
      await content.putProject(request.body.project, request.body.gallery);
      return request.body;
    },
  );

  app.delete('/projects/:id', { schema: { params: idParamsSchema, response: removed } }, async (request, reply) => {
    if (!(await content.deleteProject(request.params.id))) throw new HttpError(404, CONTENT_NOT_FOUND);
    return reply.code(204).send(null);
  });
};

export default adminContentRoutes;
