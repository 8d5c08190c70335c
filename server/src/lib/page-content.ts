// What the page head and the site files (sitemap) read of the content: names and descriptions of services, portfolio
// sections, projects and print concepts, and each page's share image. One place, so the head, the 404 decision and
// the sitemap agree on which addresses exist.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PORTFOLIO_SECTION_IDS, responsiveUrl, withServiceDefaults, type MediaItem } from '@studio/shared/domain';
import type { ContentRepository } from '../repositories/content-repository';
import { SHARE_IMAGE, widthsFor } from '../db/seed/responsive-images';
import { demoArtworks } from '../db/seed/demo-content';
import type { PageContent } from '../plugins/static-files';

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

export function createPageContent(content: ContentRepository, dataDir: string): PageContent {
  const mediaDir = path.join(dataDir, 'media');
  const meta = () => content.getPortfolioMeta()?.data;
  // As the pages show a service: a featured one without its own picture or text has the defaults.
  const serviceOf = (id: string) => {
    const service = content.findService(id);
    return service && withServiceDefaults(service);
  };
  const conceptNameOf = (key: string) =>
    Object.entries(meta()?.PRINT_CONCEPT_KEY_MAP ?? {}).find(([, k]) => k === key)?.[0];
  const sectionImage = (id: string) => {
    const portfolio = content.getPortfolioContent()?.data;
    if (!portfolio) return undefined;
    if (id === 'runway') return firstImage(Object.values(portfolio.runway).flat());
    if (id === 'print') return firstImage(Object.values(portfolio.print).flat());
    if (id === 'comp-card' || id === 'digitals') return firstImage(portfolio[id]);
    return undefined;
  };

  return {
    serviceOf: (id) => serviceOf(id),
    portfolioSectionOf: (id) => meta()?.portfolioCategories.find((c) => c.id === id),
    projectOf: (id) => content.getProject(id) ?? undefined,
    printConceptOf: (key) => {
      const name = conceptNameOf(key);
      const details = meta()?.PRINT_CONCEPT_DETAILS[key];
      return name ? { name, description: details ? `${details.style}. ${details.purpose}` : name } : undefined;
    },
    pageImageOf: (pathname) => {
      const [first, second, third] = pathname.split('/').filter(Boolean);
      if (first === 'service' && second) return shareableImageOf(serviceOf(second)?.image);
      if (first === 'portfolio' && second === 'print' && third)
        return shareableImageOf(firstImage(content.getPortfolioContent()?.data.print[third]));
      if (first === 'portfolio' && second) return shareableImageOf(sectionImage(second));
      return undefined;
    },
    shareImage: () => (existsSync(path.join(dataDir, SHARE_IMAGE)) ? SHARE_IMAGE : undefined),
    heroImageOf: (pathname) =>
      pathname === '/' && existsSync(path.join(mediaDir, HERO_IMAGE_FILE)) ? `/media/${HERO_IMAGE_FILE}` : undefined,
    sitemapPaths: () => [
      '/',
      '/portfolio',
      ...PORTFOLIO_SECTION_IDS.map((id) => `/portfolio/${id}`),
      ...Object.values(meta()?.PRINT_CONCEPT_KEY_MAP ?? {}).map((key) => `/portfolio/print/${encodeURIComponent(key)}`),
      '/about',
      '/book-me',
      ...content.listServices().map((s) => `/service/${encodeURIComponent(s.id)}`),
    ],
  };
}
