// What the page head and the site files (sitemap) read of the content: names and descriptions of services, portfolio
// sections, projects and print concepts, and each page's share image. One place, so the head, the 404 decision and
// the sitemap agree on which addresses exist. The storage answers asynchronously, so a page's part of the content is
// read once before its head is written (forPage), and the head itself stays a pure function of it (page-head.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PORTFOLIO_SECTION_IDS, responsiveUrl, withServiceDefaults, type MediaItem } from '@studio/shared/domain';
import type { ContentStore } from '../repositories/ports';
import { SHARE_IMAGE, widthsFor } from '../db/seed/responsive-images';
import { demoArtworks } from '../db/seed/demo-content';
import type { PageContent, PageContentSource } from '../plugins/static-files';

// The home page's hero in the media folder (seeded artwork), preloaded with the HTML of '/'.
const HERO_IMAGE_FILE = 'hero.svg';
const RASTER = /\.(jpe?g|png|webp)$/i;

/**
 * A raster copy of an image social sites will show: the image itself when it is a raster, else the widest WebP copy
 * the media pipeline renders of a demo vector; undefined when there is none.
 */
export function shareableImageOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (RASTER.test(url)) return url;
  const artwork = demoArtworks.find((a) => `/media/${a.file}` === url);
  if (!artwork) return undefined;
  return responsiveUrl(url, Math.max(...widthsFor(artwork.width)), 'webp');
}

const firstImage = (items: MediaItem[] | undefined) => items?.find((i) => i.type === 'image')?.url;

/** A path's segments as given and as decoded (page-head.ts reads decoded ones; the share image, the raw ones). */
function segmentIds(pathname: string): { first: string | undefined; ids: string[] } {
  const raw = pathname.split('/').filter(Boolean);
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  const second = raw[1];
  return {
    first: raw[0] === undefined ? undefined : decode(raw[0]).toLowerCase(),
    ids: second === undefined ? [] : [...new Set([second, decode(second)])],
  };
}

export function createPageContent(content: ContentStore, dataDir: string): PageContent {
  const mediaDir = path.join(dataDir, 'media');

  /** What one page's head reads, loaded from the storage before the page is rendered. */
  async function forPage(pathname: string): Promise<PageContentSource> {
    const { first, ids } = segmentIds(pathname);
    const inPortfolio = first === 'portfolio';
    const [metaDoc, portfolioDoc, services, projects, site] = await Promise.all([
      inPortfolio ? content.getPortfolioMeta() : null,
      inPortfolio ? content.getPortfolioContent() : null,
      first === 'service' ? Promise.all(ids.map((id) => content.findService(id))) : [],
      inPortfolio ? Promise.all(ids.map((id) => content.getProject(id))) : [],
      first === undefined ? content.getSite() : null,
    ]);
    // Her own hero image (Site details) replaces the built-in plate on '/' (home-page.tsx), so it is the one preloaded.
    const ownHero = site?.details.heroImage.trim() ?? '';
    const meta = metaDoc?.data;
    const portfolio = portfolioDoc?.data;
    // As the pages show a service: a featured one without its own picture or text has the defaults.
    const serviceOf = (id: string) => {
      const service = services.find((s) => s?.id === id);
      return service ? withServiceDefaults(service) : undefined;
    };
    const conceptNameOf = (key: string) =>
      Object.entries(meta?.PRINT_CONCEPT_KEY_MAP ?? {}).find(([, k]) => k === key)?.[0];
    const sectionImage = (id: string) => {
      if (!portfolio) return undefined;
      if (id === 'runway') return firstImage(Object.values(portfolio.runway).flat());
      if (id === 'print') return firstImage(Object.values(portfolio.print).flat());
      if (id === 'comp-card' || id === 'digitals') return firstImage(portfolio[id]);
      return undefined;
    };
    return {
      serviceOf,
      portfolioSectionOf: (id) => meta?.portfolioCategories.find((c) => c.id === id),
      projectOf: (id) => projects.find((p) => p?.id === id) ?? undefined,
      printConceptOf: (key) => {
        const name = conceptNameOf(key);
        const details = meta?.PRINT_CONCEPT_DETAILS[key];
        return name ? { name, description: details ? `${details.style}. ${details.purpose}` : name } : undefined;
      },
      pageImageOf: (page) => {
        const [one, two, three] = page.split('/').filter(Boolean);
        if (one === 'service' && two) return shareableImageOf(serviceOf(two)?.image);
        if (one === 'portfolio' && two === 'print' && three)
          return shareableImageOf(firstImage(portfolio?.print[three]));
        if (one === 'portfolio' && two) return shareableImageOf(sectionImage(two));
        return undefined;
      },
      shareImage: () => (existsSync(path.join(dataDir, SHARE_IMAGE)) ? SHARE_IMAGE : undefined),
      heroImageOf: (page) =>
        page === '/' && ownHero
          ? ownHero
          : page === '/' && existsSync(path.join(mediaDir, HERO_IMAGE_FILE))
            ? `/media/${HERO_IMAGE_FILE}`
            : undefined,
    };
  }

  return {
    forPage,
    async sitemapPaths() {
      const [metaDoc, services] = await Promise.all([content.getPortfolioMeta(), content.listServices()]);
      return [
        '/',
        '/portfolio',
        ...PORTFOLIO_SECTION_IDS.map((id) => `/portfolio/${id}`),
        ...Object.values(metaDoc?.data.PRINT_CONCEPT_KEY_MAP ?? {}).map(
          (key) => `/portfolio/print/${encodeURIComponent(key)}`,
        ),
        '/about',
        '/book-me',
        ...services.map((s) => `/service/${encodeURIComponent(s.id)}`),
      ];
    },
  };
}
