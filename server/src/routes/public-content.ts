// Public reads (docs/architecture.md, rules table: services, portfolio metadata, projects, galleries, portfolio content and the
// dates and times of availability are readable by anyone).
import type { FastifyInstance } from 'fastify';
import { EMPTY_PORTFOLIO_META } from '@studio/shared/domain';
import type { PortfolioContent } from '@studio/shared/domain';
import { z } from '@studio/shared/schemas';
import type { ContentRepository } from '../repositories/content-repository';
import type { AvailabilityRepository } from '../repositories/availability-repository';
import { parseOr400, sendError } from '../plugins/errors';
import { runtimeConfigOf } from '../plugins/static-files';
import type { AppOptions } from '../config';

const idParams = z.strictObject({ id: z.string().min(1).max(100) });
const contentQuery = z.strictObject({ t: z.string().max(40).optional() });

export function registerPublicContentRoutes(
  app: FastifyInstance,
  deps: { content: ContentRepository; availability: AvailabilityRepository; options: AppOptions },
) {
  const { content, availability, options } = deps;

  app.get('/api/config', async () => runtimeConfigOf(options));

  app.get('/api/services', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return content.listServices();
  });

  app.get('/api/portfolio/meta', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return content.getPortfolioMeta()?.data ?? EMPTY_PORTFOLIO_META;
  });

  // The client adds ?t=<timestamp> (docs/product.md §7); the answer is never cached either way.
  app.get('/api/portfolio/content', async (request, reply) => {
    parseOr400(contentQuery, request.query);
    reply.header('Cache-Control', 'no-store');
    const doc = content.getPortfolioContent();
    if (!doc) return sendError(reply, 404, 'No portfolio content available.');
    return doc.data satisfies PortfolioContent;
  });

  app.get('/api/projects/:id', async (request, reply) => {
    const { id } = parseOr400(idParams, request.params);
    const project = content.getProject(id);
    return project ?? sendError(reply, 404, 'Project not found');
  });

  app.get('/api/galleries/:id', async (request, reply) => {
    const { id } = parseOr400(idParams, request.params);
    const gallery = content.getGallery(id);
    return gallery ?? sendError(reply, 404, 'No images found for this project.');
  });

  app.get('/api/availability', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return availability.getPublic();
  });
}
