// What the portfolio pages show (docs/product.md §7): the metadata document and the content JSON. Metadata that fails to
// load falls back to empty metadata (docs/product.md §8); content that fails is null, and the page says so.
import { EMPTY_PORTFOLIO_META, PORTFOLIO_SECTION_IDS } from '@studio/shared/domain';
import type { MediaItem, PortfolioContent, PortfolioMeta } from '@studio/shared/domain';
import { messages } from '../../messages';
import { usePortfolioContent } from './api/get-portfolio-content';
import { usePortfolioMeta } from './api/get-portfolio-meta';

export type PortfolioSectionId = (typeof PORTFOLIO_SECTION_IDS)[number];

export type PortfolioData =
  { status: 'loading' } | { status: 'ready'; meta: PortfolioMeta; content: PortfolioContent | null };

export function isPortfolioSection(id: string): id is PortfolioSectionId {
  return (PORTFOLIO_SECTION_IDS as readonly string[]).includes(id);
}

export function usePortfolioData(): PortfolioData {
  const meta = usePortfolioMeta();
  const content = usePortfolioContent();
  if (meta.status === 'loading' || content.status === 'loading') return { status: 'loading' };
  return {
    status: 'ready',
    meta: meta.status === 'ready' ? meta.data : EMPTY_PORTFOLIO_META,
    content: content.status === 'ready' ? content.data : null,
  };
}

/** The reel URLs worth embedding: empty entries are skipped (docs/product.md §2). */
export function reelUrls(meta: Pick<PortfolioMeta, 'ugcReels'>): string[] {
  return meta.ugcReels.map((url) => url.trim()).filter((url) => url !== '');
}

/** The count line of a category card (docs/product.md §2). */
export function categoryCount(id: string, meta: PortfolioMeta): string {
  switch (id) {
    case 'runway':
      return messages.portfolio.lastShows(Object.keys(meta.RUNWAY_SECTION_MAP).length);
    case 'print':
      return messages.portfolio.concepts(meta.PRINT_CONCEPTS.length);
    case 'comp-card':
    case 'digitals':
      return messages.portfolio.viewAll;
    case 'ugc':
      return messages.portfolio.reels(reelUrls(meta).length);
    default:
      return '';
  }
}

/** The first image of a category, used as the card's cover. */
export function coverOf(id: string, meta: PortfolioMeta, content: PortfolioContent | null): MediaItem | undefined {
  if (!content) return undefined;
  const firstImage = (items: readonly MediaItem[] | undefined) => items?.find((m) => m.type === 'image');
  switch (id) {
    case 'runway':
      return Object.keys(meta.RUNWAY_SECTION_MAP)
        .map((k) => firstImage(content.runway[k]))
        .find(Boolean);
    case 'print':
      return meta.PRINT_CONCEPTS.map((name) => firstImage(content.print[meta.PRINT_CONCEPT_KEY_MAP[name] ?? ''])).find(
        Boolean,
      );
    case 'comp-card':
      return firstImage(content['comp-card']);
    case 'digitals':
      return firstImage(content.digitals);
    case 'ugc':
      return firstImage(content.ugc);
    default:
      return undefined;
  }
}
