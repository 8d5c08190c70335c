// /portfolio/{id}: one of the five sections; else the project with that id when one exists; else 'Section not
// found'. The original let the section route shadow project pages; this makes them reachable.
import { useParams } from '@studio/shared/router';
import { isPortfolioSection } from '../features/portfolio/portfolio-data';
import { PortfolioSectionPage } from '../features/portfolio/section-page';
import { SectionNotFound } from '../features/portfolio/portfolio-states';
import { ProjectPage } from '../features/project/project-page';

export default function PortfolioSectionRoute() {
  const { section = '' } = useParams();
  if (isPortfolioSection(section)) return <PortfolioSectionPage key={section} section={section} />;
  return <ProjectPage projectId={section} notFound={<SectionNotFound />} />;
}
