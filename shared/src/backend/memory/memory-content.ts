// Services and portfolio: read-only content, answered as copies.
import { EMPTY_PORTFOLIO_META } from '../../domain/portfolio';
import type { Gallery, PortfolioContent, PortfolioMeta, Project, Service } from '../../domain/types';
import type { PortfolioPort, ServicesPort } from '../port';
import { copy } from './memory-support';

export const EMPTY_PORTFOLIO_CONTENT: PortfolioContent = { runway: {}, print: {}, 'comp-card': [], digitals: [] };

export interface MemoryContentSeed {
  services?: Service[];
  portfolioMeta?: PortfolioMeta;
  portfolioContent?: PortfolioContent;
  projects?: Project[];
  /** Keyed by projectId. */
  galleries?: Record<string, Gallery>;
}

export function createMemoryContent(seed: MemoryContentSeed): {
  services: ServicesPort;
  portfolio: PortfolioPort;
  /** The stored services themselves, for the booking rule. */
  storedServices: readonly Service[];
} {
  const services = copy(seed.services ?? []);
  const portfolioMeta = copy(seed.portfolioMeta ?? EMPTY_PORTFOLIO_META);
  const portfolioContent = copy(seed.portfolioContent ?? EMPTY_PORTFOLIO_CONTENT);
  const projects = copy(seed.projects ?? []);
  const galleries = copy(seed.galleries ?? {});

  return {
    storedServices: services,
    services: {
      list: async () => copy(services),
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
  };
}
