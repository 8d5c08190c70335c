// What each route of the registry (routes.ts) is called and whether its address exists: the page's title,
// description and Open Graph type, its status (a parameter naming no content is a 404), and the addresses it adds
// to the sitemap. The server writes the head and the status from it (server/src/features/pages/page-head.ts) with the content
// it loads; the browser sets document.title from it on every client navigation (shell/src/app/shell-routes.tsx,
// public-site/src/app/route-head.tsx) with the content its pages read; so both say the same for every address.
import { PORTFOLIO_SECTION_IDS } from './domain/constants';
import type { PortfolioMeta } from './domain/content-types';
import { matchRoute, type ROUTES, type RouteId, type RouteMatch } from './routes';

/** What the heads of parameterised routes read of the content; undefined: there is no such item (a 404). */
export interface RouteContent {
  serviceOf(id: string): { displayName: string; description: string } | undefined;
  /** A portfolio section's label and description, from the portfolio metadata's categories. */
  portfolioSectionOf(id: string): { label: string; description: string } | undefined;
  /** A project shown at /portfolio/<id> when the id is no section. */
  projectOf(id: string): { title: string; description: string } | undefined;
  /** A print concept at /portfolio/print/<key>: its display name and what it is about. */
  printConceptOf(key: string): { name: string; description: string } | undefined;
}

/** Content for routes that read none: every look-up finds nothing. */
export const NO_CONTENT: RouteContent = {
  serviceOf: () => undefined,
  portfolioSectionOf: () => undefined,
  projectOf: () => undefined,
  printConceptOf: () => undefined,
};

export interface PageHead {
  title: string;
  description: string;
  /** Open Graph type: 'website' for the home page, 'article' elsewhere. */
  type: 'website' | 'article';
  /**
   * False for an address whose pattern is a route but whose content does not exist (/service/nope, a portfolio id
   * that is neither a section nor a project, an unknown print concept): the page shows its not-found state, so the
   * answer is a 404 and the page is not one to index.
   */
  found: boolean;
}

export interface HeadInput {
  /** Her name as the titles show it: one input, so what supplies it (today MODEL_NAME) can change in one place. */
  name: string;
  /** The route's parameters, decoded (matchRoute's, or react-router's useParams). */
  params: Readonly<Record<string, string | undefined>>;
  content: RouteContent;
}

/** What the sitemap's parameterised entries are made of: the ids the current content has. */
export interface SitemapContent {
  serviceIds: readonly string[];
  printConceptKeys: readonly string[];
  projectIds: readonly string[];
}

interface IndexedMeta {
  head(input: HeadInput): PageHead;
  /** The route's site-relative addresses for sitemap.xml. */
  sitemap(content: SitemapContent): string[];
}
interface HiddenMeta {
  head(input: HeadInput): PageHead;
  sitemap?: never;
}
/** A public route must say what it lists in the sitemap; a noindex route cannot list anything. */
type MetaOf<K extends RouteId> = (typeof ROUTES)[K]['visibility'] extends 'public' ? IndexedMeta : HiddenMeta;

export const PAGE_TEXTS = {
  homeTitle: (name: string) => `${name} — Model & Content Creator`,
  homeDescription: (name: string) =>
    `Portfolio and bookings of ${name}, freelance model and content creator: runway, print, comp card, digitals and UGC.`,
  portfolioTitle: (name: string) => `Portfolio — ${name}`,
  portfolioDescription: (name: string) => `Runway, print, comp card, digitals and UGC by ${name}.`,
  sectionTitle: (section: string, name: string) => `${section} — Portfolio — ${name}`,
  aboutTitle: (name: string) => `About — ${name}`,
  aboutDescription: (name: string) => `About ${name}, freelance model and content creator.`,
  bookTitle: (name: string) => `Book me — ${name}`,
  bookDescription: (name: string) =>
    `Request a booking with ${name}: pick a service and a date, and get an answer by e-mail.`,
  serviceTitle: (service: string, name: string) => `${service} — ${name}`,
  projectTitle: (project: string, name: string) => `${project} — Portfolio — ${name}`,
  printConceptTitle: (concept: string, name: string) => `${concept} — Print — ${name}`,
  compCardPrintTitle: (name: string) => `Printable comp card — ${name}`,
  compCardPrintDescription: (name: string) =>
    `The comp card of ${name}, to print on two sides of an 8.5 × 5.5 in card.`,
  securityTestTitle: (name: string) => `Security test — ${name}`,
  manageBookingTitle: (name: string) => `Your booking — ${name}`,
  manageBookingDescription: (name: string) => `Your booking request with ${name}.`,
  adminTitle: (name: string) => `Dashboard — ${name}`,
  signInTitle: (name: string) => `Signing in — ${name}`,
  notFoundTitle: (name: string) => `Page not found — ${name}`,
  notFoundDescription: 'There is no page at this address.',
} as const;

const MAX_DESCRIPTION = 200;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_DESCRIPTION ? flat : `${flat.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`;
}

const page = (title: string, description: string, type: PageHead['type'] = 'article'): PageHead => ({
  title,
  description: clip(description),
  type,
  found: true,
});

/** The head of the not-found page (an address the registry does not have, or a route naming no content). */
export function notFoundHead(name: string): PageHead {
  return {
    title: PAGE_TEXTS.notFoundTitle(name),
    description: PAGE_TEXTS.notFoundDescription,
    type: 'article',
    found: false,
  };
}

/** The site's own head, for pages that are hers alone (the dashboard, signing in) or a tool (the security test). */
const ownPage = (title: (name: string) => string) => (input: HeadInput) =>
  page(title(input.name), PAGE_TEXTS.homeDescription(input.name));

/** Whether /portfolio/<id> is a section: the five section ids are; any other id is a project's (app.tsx decides so). */
export const isPortfolioSectionId = (id: string): boolean => (PORTFOLIO_SECTION_IDS as readonly string[]).includes(id);

const path = (...segments: string[]) => `/${segments.map(encodeURIComponent).join('/')}`;

export const ROUTE_META: { [K in RouteId]: MetaOf<K> } = {
  home: {
    head: ({ name }) => page(PAGE_TEXTS.homeTitle(name), PAGE_TEXTS.homeDescription(name), 'website'),
    sitemap: () => ['/'],
  },
  portfolio: {
    head: ({ name }) => page(PAGE_TEXTS.portfolioTitle(name), PAGE_TEXTS.portfolioDescription(name)),
    sitemap: () => ['/portfolio'],
  },
  portfolioSection: {
    head: ({ name, params, content }) => {
      const id = params.section ?? '';
      if (isPortfolioSectionId(id)) {
        const section = content.portfolioSectionOf(id);
        return section ? page(PAGE_TEXTS.sectionTitle(section.label, name), section.description) : notFoundHead(name);
      }
      const project = content.projectOf(id);
      return project
        ? page(PAGE_TEXTS.projectTitle(project.title, name), project.description || project.title)
        : notFoundHead(name);
    },
    sitemap: ({ projectIds }) => [
      ...PORTFOLIO_SECTION_IDS.map((id) => path('portfolio', id)),
      // A project whose id is a section's is shadowed by the section: not its address.
      ...projectIds.filter((id) => !isPortfolioSectionId(id)).map((id) => path('portfolio', id)),
    ],
  },
  printConcept: {
    head: ({ name, params, content }) => {
      const concept = content.printConceptOf(params.conceptKey ?? '');
      return concept
        ? page(PAGE_TEXTS.printConceptTitle(concept.name, name), concept.description || concept.name)
        : notFoundHead(name);
    },
    sitemap: ({ printConceptKeys }) => printConceptKeys.map((key) => path('portfolio', 'print', key)),
  },
  compCardPrint: {
    head: ({ name }) => page(PAGE_TEXTS.compCardPrintTitle(name), PAGE_TEXTS.compCardPrintDescription(name)),
  },
  about: {
    head: ({ name }) => page(PAGE_TEXTS.aboutTitle(name), PAGE_TEXTS.aboutDescription(name)),
    sitemap: () => ['/about'],
  },
  booking: {
    head: ({ name }) => page(PAGE_TEXTS.bookTitle(name), PAGE_TEXTS.bookDescription(name)),
    sitemap: () => ['/book-me'],
  },
  service: {
    head: ({ name, params, content }) => {
      const service = content.serviceOf(params.id ?? '');
      return service
        ? page(
            PAGE_TEXTS.serviceTitle(service.displayName, name),
            service.description || PAGE_TEXTS.homeDescription(name),
          )
        : notFoundHead(name);
    },
    sitemap: ({ serviceIds }) => serviceIds.map((id) => path('service', id)),
  },
  securityTest: { head: ownPage(PAGE_TEXTS.securityTestTitle) },
  manageBooking: {
    head: ({ name }) => page(PAGE_TEXTS.manageBookingTitle(name), PAGE_TEXTS.manageBookingDescription(name)),
  },
  admin: { head: ownPage(PAGE_TEXTS.adminTitle) },
  finishSignIn: { head: ownPage(PAGE_TEXTS.signInTitle) },
};

/** The head of a matched route (found or not), or of the not-found page for an address the registry lacks. */
export function headOf(route: RouteMatch | null, name: string, content: RouteContent): PageHead {
  return route ? ROUTE_META[route.id].head({ name, params: route.params, content }) : notFoundHead(name);
}

/** The head of the page at a path (without query or hash). */
export const pageHeadFor = (pathname: string, name: string, content: RouteContent): PageHead =>
  headOf(matchRoute(pathname), name, content);

/** Every address of sitemap.xml: the public routes' entries, in the registry's order. */
export function sitemapPaths(content: SitemapContent): string[] {
  const paths = (Object.keys(ROUTE_META) as RouteId[]).flatMap((id) => {
    const meta: IndexedMeta | HiddenMeta = ROUTE_META[id];
    return meta.sitemap ? meta.sitemap(content) : [];
  });
  return [...new Set(paths)];
}

/** A print concept as its pages name it: the name the key map gives the key, and its style and purpose. */
export function printConceptIn(
  meta: Pick<PortfolioMeta, 'PRINT_CONCEPT_KEY_MAP' | 'PRINT_CONCEPT_DETAILS'> | undefined,
  key: string,
): { name: string; description: string } | undefined {
  const name = Object.entries(meta?.PRINT_CONCEPT_KEY_MAP ?? {}).find(([, k]) => k === key)?.[0];
  if (!name) return undefined;
  const details = meta?.PRINT_CONCEPT_DETAILS[key];
  return { name, description: details ? `${details.style}. ${details.purpose}` : name };
}
