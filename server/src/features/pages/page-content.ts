// What the page head and the site files (sitemap) read of the content: names and descriptions of services, portfolio
// sections, projects and print concepts, and each page's share image. One place, so the head, the 404 decision and
// the sitemap agree on which addresses exist. The storage answers asynchronously, so a page's part of the content is
// read once before its head is written (forPage, for the route the registry matched), and the head itself stays a
// pure function of it (@studio/shared/route-meta). The sitemap's addresses are the registry's public routes.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { responsiveUrl, withServiceDefaults, type MediaItem } from '@studio/shared/domain';
import type { RouteMatch } from '@studio/shared/routes';
import { printConceptIn, sitemapPaths } from '@studio/shared/route-meta';
import { SHARE_IMAGE, widthsFor, type ContentStore } from '../content';
import { demoArtworks } from '../content';
import type { PageContent, PageContentSource } from './shell-page';

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

export function createPageContent(content: ContentStore, dataDir: string): PageContent {
  const mediaDir = path.join(dataDir, 'media');

  /** What one page's head reads, loaded from the storage before the page is rendered. */
  async function forPage({ id: route, params }: RouteMatch): Promise<PageContentSource> {
    const inPortfolio = route === 'portfolioSection' || route === 'printConcept';
    const [metaDoc, portfolioDoc, service, project, site] = await Promise.all([
      inPortfolio ? content.getPortfolioMeta() : null,
      inPortfolio ? content.getPortfolioContent() : null,
      route === 'service' && params.id ? content.findService(params.id) : null,
      route === 'portfolioSection' && params.section ? content.getProject(params.section) : null,
      route === 'home' ? content.getSite() : null,
    ]);
    // Her own hero image (Site details) replaces the built-in plate on '/' (home-page.tsx), so it is the one preloaded.
    const ownHero = site?.details.heroImage.trim() ?? '';
    const meta = metaDoc?.data;
    const portfolio = portfolioDoc?.data;
    // As the pages show a service: a featured one without its own picture or text has the defaults.
    const serviceOf = (id: string) => (service?.id === id ? withServiceDefaults(service) : undefined);
    const sectionImage = (id: string) => {
      if (!portfolio) return undefined;
      if (id === 'runway') return firstImage(Object.values(portfolio.runway).flat());
      if (id === 'print') return firstImage(Object.values(portfolio.print).flat());
      if (id === 'comp-card' || id === 'digitals') return firstImage(portfolio[id]);
      if (id === 'ugc') return firstImage(portfolio.ugc);
      return undefined;
    };
    const pageImage =
      route === 'service' && params.id
        ? shareableImageOf(serviceOf(params.id)?.image)
        : route === 'printConcept' && params.conceptKey
          ? shareableImageOf(firstImage(portfolio?.print[params.conceptKey]))
          : route === 'portfolioSection' && params.section
            ? shareableImageOf(sectionImage(params.section))
            : undefined;
    return {
      serviceOf,
      portfolioSectionOf: (id) => meta?.portfolioCategories.find((c) => c.id === id),
      projectOf: (id) => (project?.id === id ? project : undefined),
      printConceptOf: (key) => printConceptIn(meta, key),
      pageImage,
      shareImage: () => (existsSync(path.join(dataDir, SHARE_IMAGE)) ? SHARE_IMAGE : undefined),
      heroImage:
        route === 'home' && ownHero
          ? ownHero
          : route === 'home' && existsSync(path.join(mediaDir, HERO_IMAGE_FILE))
            ? `/media/${HERO_IMAGE_FILE}`
            : undefined,
    };
  }

  return {
    forPage,
    // The registry's public routes, each with the ids the current content has.
    async sitemapPaths() {
      const [metaDoc, services, projects] = await Promise.all([
        content.getPortfolioMeta(),
        content.listServices(),
        content.listProjects(),
      ]);
      return sitemapPaths({
        serviceIds: services.map((s) => s.id),
        printConceptKeys: Object.values(metaDoc?.data.PRINT_CONCEPT_KEY_MAP ?? {}),
        projectIds: projects.map((p) => p.project.id),
      });
    },
  };
}
