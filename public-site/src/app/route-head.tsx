// The document's title and description for each public-site route after a client navigation, from the registry's
// metadata (@studio/shared/route-meta), as the server writes them on a first load. A parameterised route's head is
// made of the content its page reads, through the same queries (one request for both, and the server-rendered
// page's data covers both).
import type { ReactNode } from 'react';
import { useParams } from '@studio/shared/router';
import type { QueryState } from '@studio/shared/data';
// The services module, not the domain's index: the home page loads it anyway, and the index would bring date-fns.
import { withServiceDefaults } from '@studio/shared/domain/services';
import type { RouteIdOf } from '@studio/shared/routes';
import {
  isPortfolioSectionId,
  notFoundHead,
  NO_CONTENT,
  printConceptIn,
  ROUTE_META,
  type RouteContent,
} from '@studio/shared/route-meta';
import { useDocumentHead, useSiteName } from '@studio/shared/route-head';
import { useServices } from '../api/get-services';
import { usePortfolioMeta } from '../features/portfolio/api/get-portfolio-meta';
import { useProject } from '../features/project/api/get-project';

type PublicRouteId = RouteIdOf<'public-site'>;
type Params = Readonly<Record<string, string | undefined>>;

/** The content a head is made of; null until the page's reads have answered (or when one failed: no claim then). */
function contentOf<T>(state: QueryState<T>, content: (data: T) => Partial<RouteContent>): RouteContent | null {
  return state.status === 'ready' ? { ...NO_CONTENT, ...content(state.data) } : null;
}

function Head({ id, params, content }: { id: PublicRouteId; params: Params; content: RouteContent | null }) {
  const name = useSiteName();
  useDocumentHead(name === null || content === null ? null : ROUTE_META[id].head({ name, params, content }));
  return null;
}

function ServiceHead({ params }: { params: Params }) {
  const services = useServices();
  const content = contentOf(services, (list) => ({
    serviceOf: (id) => {
      // As the page shows it: a service without its own text has the default one.
      const service = list.find((s) => s.id === id);
      return service && withServiceDefaults(service);
    },
  }));
  return <Head id="service" params={params} content={content} />;
}

function SectionHead({ params }: { params: Params }) {
  const meta = usePortfolioMeta();
  const content = contentOf(meta, (m) => ({
    portfolioSectionOf: (id) => m.portfolioCategories.find((c) => c.id === id),
  }));
  return <Head id="portfolioSection" params={params} content={content} />;
}

function ProjectHead({ params }: { params: Params }) {
  const project = useProject(params.section ?? '');
  const content = contentOf(project, (p) => ({ projectOf: (id) => (p?.id === id ? p : undefined) }));
  return <Head id="portfolioSection" params={params} content={content} />;
}

function PrintConceptHead({ params }: { params: Params }) {
  const meta = usePortfolioMeta();
  const content = contentOf(meta, (m) => ({ printConceptOf: (key) => printConceptIn(m, key) }));
  return <Head id="printConcept" params={params} content={content} />;
}

/** The head of a route of the registry, with the content its page reads. */
export function RouteHead({ id }: { id: PublicRouteId }): ReactNode {
  const params = useParams();
  switch (id) {
    case 'service':
      return <ServiceHead params={params} />;
    case 'portfolioSection':
      // The same choice as portfolio-section-route.tsx: a section's id shows the section, any other a project.
      return isPortfolioSectionId(params.section ?? '') ? (
        <SectionHead params={params} />
      ) : (
        <ProjectHead params={params} />
      );
    case 'printConcept':
      return <PrintConceptHead params={params} />;
    default:
      return <Head id={id} params={params} content={NO_CONTENT} />;
  }
}

/** The head of an address the registry does not have. */
export function NotFoundHead(): ReactNode {
  const name = useSiteName();
  useDocumentHead(name === null ? null : notFoundHead(name));
  return null;
}
