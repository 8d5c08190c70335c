// Public reads (docs/architecture.md, rules table: services, portfolio metadata, projects, galleries, portfolio
// content and the dates and times of availability are readable by anyone).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMPTY_PORTFOLIO_META } from '@studio/shared/domain';
import {
  apiErrorSchema,
  gallerySchema,
  idParamsSchema,
  portfolioContentQuerySchema,
  portfolioContentSchema,
  portfolioMetaSchema,
  projectSchema,
  publicAvailabilitySchema,
  runtimeConfigSchema,
  serviceSchema,
  siteContentSchema,
  z,
} from '@studio/shared/schemas';
import type { AppOptions } from '../../platform/config';
import { HttpError } from '../../platform/http/errors';
import { runtimeConfigOf } from '../pages';
import type { PublicAvailability } from '@studio/shared/domain';
import type { AvailabilityStore } from '../availability';
import type { ContentStore } from './content-store';
import { refusals } from '../../platform/http/refusals';

export const PROJECT_NOT_FOUND = 'Project not found';
export const GALLERY_NOT_FOUND = 'No images found for this project.';
export const NO_PORTFOLIO_CONTENT = 'No portfolio content available.';

export interface PublicContentOptions {
  content: ContentStore;
  availability: AvailabilityStore;
  options: AppOptions;
  /** What a visitor may book (with the days confirmed bookings hold and the notice); the repository's view without. */
  bookable?: () => Promise<PublicAvailability>;
}

const publicContentRoutes: FastifyPluginAsyncZod<PublicContentOptions> = async (
  app,
  { content, availability, options, bookable },
) => {
  app.get('/api/config', { schema: { response: { 200: runtimeConfigSchema, ...refusals } } }, async () =>
    runtimeConfigOf(options, options.remotes, (await content.getSite()).details.name || options.modelName),
  );

  app.get(
    '/api/services',
    { schema: { response: { 200: z.array(serviceSchema), ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return content.listServices();
    },
  );

  // Her details and comp card measurements: the footer of every page reads them.
  app.get('/api/site', { schema: { response: { 200: siteContentSchema, ...refusals } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return content.getSite();
  });

  app.get(
    '/api/portfolio/meta',
    { schema: { response: { 200: portfolioMetaSchema, ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return (await content.getPortfolioMeta())?.data ?? EMPTY_PORTFOLIO_META;
    },
  );

  // The client adds ?t=<timestamp> (docs/product.md §7); the answer is never cached either way.
  app.get(
    '/api/portfolio/content',
    {
      schema: {
        querystring: portfolioContentQuerySchema,
        response: { 200: portfolioContentSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const doc = await content.getPortfolioContent();
      if (!doc) throw new HttpError(404, NO_PORTFOLIO_CONTENT);
      return doc.data;
    },
  );

  // The portfolio and its sections link to her projects, so every project page is reached by a link.
  app.get(
    '/api/projects',
    { schema: { response: { 200: z.array(projectSchema), ...refusals } } },
    async (_r, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return (await content.listProjects()).map((entry) => entry.project);
    },
  );

  app.get(
    '/api/projects/:id',
    { schema: { params: idParamsSchema, response: { 200: projectSchema, 404: apiErrorSchema, ...refusals } } },
    async (request) => {
      const project = await content.getProject(request.params.id);
      if (!project) throw new HttpError(404, PROJECT_NOT_FOUND);
      return project;
    },
  );

  app.get(
    '/api/galleries/:id',
    { schema: { params: idParamsSchema, response: { 200: gallerySchema, 404: apiErrorSchema, ...refusals } } },
    async (request) => {
      const gallery = await content.getGallery(request.params.id);
      if (!gallery) throw new HttpError(404, GALLERY_NOT_FOUND);
      return gallery;
    },
  );

  app.get(
    '/api/availability',
    { schema: { response: { 200: publicAvailabilitySchema, ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return bookable ? bookable() : availability.getPublic();
    },
  );
};

export default publicContentRoutes;
