// Services, portfolio, site details, comp card and projects: read by everyone, written by the admin only (issue 16),
// each write checked by the entity's shared schema as the server checks it, and every answer a copy.
import { EMPTY_COMP_CARD, EMPTY_SITE_DETAILS } from '../../domain/content';
import { EMPTY_PORTFOLIO_META } from '../../domain/portfolio';
import type {
  CompCardStats,
  Gallery,
  MediaItem,
  PortfolioContent,
  PortfolioMeta,
  Project,
  Service,
  SiteDetails,
} from '../../domain/types';
import {
  compCardSchema,
  portfolioContentInputSchema,
  portfolioMetaInputSchema,
  projectInputSchema,
  serviceInputSchema,
  serviceOrderSchema,
  siteDetailsSchema,
  slug,
} from '../../schemas';
import { CONTENT_NOT_FOUND, SERVICE_ORDER_MISMATCH } from '../../messages';
import { BackendError, type ContentPort, type PortfolioPort, type ServicesPort } from '../port';
import type { MemorySession } from './memory-session';
import { copy, invalid, parseOrThrow } from './memory-support';

export const EMPTY_PORTFOLIO_CONTENT: PortfolioContent = { runway: {}, print: {}, 'comp-card': [], digitals: [] };

export interface MemoryContentSeed {
  services?: Service[];
  portfolioMeta?: PortfolioMeta;
  portfolioContent?: PortfolioContent;
  projects?: Project[];
  /** Keyed by projectId. */
  galleries?: Record<string, Gallery>;
  siteDetails?: SiteDetails;
  compCard?: CompCardStats;
}

const notFound = () => new BackendError('not-found', CONTENT_NOT_FOUND, { status: 404 });

/** What a visitor sees of a service: the stored one without the admin's flag. */
const publicService = ({ hidden: _hidden, ...service }: Service): Service => service;

export function createMemoryContent(
  seed: MemoryContentSeed,
  session: MemorySession,
): {
  services: ServicesPort;
  portfolio: PortfolioPort;
  content: ContentPort;
  /** The services a visitor can book, for the booking rule. */
  visibleServices: () => readonly Service[];
  /** Every stored service, hidden ones too (a contract names the service its booking was made for). */
  storedServices: () => readonly Service[];
} {
  let services = copy(seed.services ?? []);
  let portfolioMeta = copy(seed.portfolioMeta ?? EMPTY_PORTFOLIO_META);
  let portfolioContent = copy(seed.portfolioContent ?? EMPTY_PORTFOLIO_CONTENT);
  const projects = copy(seed.projects ?? []);
  const galleries = copy(seed.galleries ?? {});
  let siteDetails = copy(seed.siteDetails ?? EMPTY_SITE_DETAILS);
  let compCard = copy(seed.compCard ?? EMPTY_COMP_CARD);
  // Uploads kept by id, as the server keeps its media rows; the bytes are not needed in memory.
  const uploads = new Map<string, MediaItem>();
  let uploadCount = 0;

  const visible = () => services.filter((s) => !s.hidden).map(publicService);

  return {
    visibleServices: visible,
    storedServices: () => services.map(publicService),
    services: {
      list: async () => copy(visible()),
    },
    portfolio: {
      getMeta: async () => copy(portfolioMeta),
      getContent: async () => copy(portfolioContent),
      getProject: async (id) => {
        const project = projects.find((p) => p.id === id);
        return project ? copy(project) : null;
      },
      getGallery: async (id) => {
        const gallery = galleries[id];
        return gallery ? copy(gallery) : null;
      },
    },
    content: {
      getSite: async () => copy({ details: siteDetails, compCard }),
      saveSiteDetails: async (details) => {
        session.requireAdmin();
        siteDetails = parseOrThrow(siteDetailsSchema, details);
        return copy(siteDetails);
      },
      saveCompCard: async (stats) => {
        session.requireAdmin();
        compCard = parseOrThrow(compCardSchema, stats);
        return copy(compCard);
      },
      listServices: async () => {
        session.requireAdmin();
        return copy(services);
      },
      saveService: async (input) => {
        session.requireAdmin();
        const service = parseOrThrow(serviceInputSchema, input);
        const at = services.findIndex((s) => s.id === service.id);
        if (at === -1) services = [...services, service];
        else services = services.map((s, i) => (i === at ? service : s));
        return copy(service);
      },
      deleteService: async (id) => {
        session.requireAdmin();
        if (!services.some((s) => s.id === id)) throw notFound();
        services = services.filter((s) => s.id !== id);
      },
      reorderServices: async (ids) => {
        session.requireAdmin();
        const order = parseOrThrow(serviceOrderSchema, { ids }).ids;
        const known = new Set(services.map((s) => s.id));
        if (order.length !== known.size || !order.every((id) => known.has(id))) {
          throw invalid({ ids: [SERVICE_ORDER_MISMATCH] }, SERVICE_ORDER_MISMATCH);
        }
        services = order.map((id) => services.find((s) => s.id === id) as Service);
        return copy(services);
      },
      savePortfolioMeta: async (meta) => {
        session.requireAdmin();
        portfolioMeta = parseOrThrow(portfolioMetaInputSchema, meta);
        return copy(portfolioMeta);
      },
      savePortfolioContent: async (content) => {
        session.requireAdmin();
        portfolioContent = parseOrThrow(portfolioContentInputSchema, content);
        return copy(portfolioContent);
      },
      listProjects: async () => {
        session.requireAdmin();
        return copy(
          projects.map((project) => ({ project, gallery: galleries[project.id] ?? { images: [], videos: [] } })),
        );
      },
      saveProject: async (entry) => {
        session.requireAdmin();
        const { project, gallery } = parseOrThrow(projectInputSchema, entry);
        const at = projects.findIndex((p) => p.id === project.id);
        if (at === -1) projects.push(project);
        else projects[at] = project;
        galleries[project.id] = gallery;
        return copy({ project, gallery });
      },
      deleteProject: async (id) => {
        session.requireAdmin();
        const at = projects.findIndex((p) => p.id === id);
        if (at === -1) throw notFound();
        projects.splice(at, 1);
        delete galleries[id];
      },
      uploadMedia: async (file, meta) => {
        session.requireAdmin();
        if (meta.alt.trim() === '' && !file.type.startsWith('video/')) {
          throw invalid({ alt: ['Required'] });
        }
        if (!/^(image\/(jpeg|png|webp|avif|gif)|video\/(mp4|webm))$/.test(file.type)) {
          throw invalid({ file: ['Must be an image (JPEG, PNG, WebP, AVIF) or a video (MP4, WebM)'] });
        }
        uploadCount += 1;
        const id = `upload-${uploadCount}`;
        const base = `/media/uploads/${id}`;
        const item: MediaItem = file.type.startsWith('video/')
          ? { type: 'video', id, url: `${base}/video.${file.type.slice(6)}`, name: meta.alt.trim() }
          : {
              type: 'image',
              id,
              url: `${base}/800.jpg`,
              name: meta.alt.trim(),
              width: 800,
              height: 1000,
              srcSet: `${base}/400.webp 400w, ${base}/800.webp 800w`,
            };
        uploads.set(id, item);
        return copy(item);
      },
      deleteMedia: async (id) => {
        session.requireAdmin();
        parseOrThrow(slug, id);
        if (!uploads.delete(id)) throw notFound();
      },
    },
  };
}
