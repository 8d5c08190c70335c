// Portfolio metadata rules shared by the server, the adapters and the public site.
import type { PortfolioMeta } from './content-types';

/**
 * docs/product.md §2: a project's page shows its videos unless its category is print. Her project editor reads the
 * same rule to tell her so.
 */
export const projectShowsVideos = (category: string): boolean => category !== 'print';

/** docs/product.md §8: "Metadata load failure falls back to empty metadata". Read it, never change it: callers share it. */
export const EMPTY_PORTFOLIO_META: Readonly<PortfolioMeta> = {
  RUNWAY_SECTION_MAP: {},
  RUNWAY_SECTION_SUBTITLES: {},
  PRINT_CONCEPTS: [],
  PRINT_CONCEPT_KEY_MAP: {},
  PRINT_CONCEPT_DETAILS: {},
  portfolioCategories: [],
  ugcReels: [],
};
