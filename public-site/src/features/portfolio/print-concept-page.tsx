// /portfolio/print/{conceptKey}: one print concept's details and gallery, images opening the full-screen viewer.
import type { PortfolioMeta } from '@studio/shared/domain';
import { MediaGallery } from '../../components/media/media-gallery';
import { messages } from '../../messages';
import { usePortfolioData } from './portfolio-data';
import { BackLink, EmptySection, NoPortfolioContent, PortfolioLoading, SectionNotFound } from './portfolio-states';
import { ConceptDetails } from './section-page';
import './portfolio.css';

function conceptName(meta: PortfolioMeta, key: string): string | undefined {
  return Object.entries(meta.PRINT_CONCEPT_KEY_MAP).find(([, k]) => k === key)?.[0];
}

export function PrintConceptPage({ conceptKey }: { conceptKey: string }) {
  const data = usePortfolioData();
  if (data.status === 'loading') {
    return (
      <section className="page portfolio">
        <PortfolioLoading />
      </section>
    );
  }
  const { meta, content } = data;
  const name = conceptName(meta, conceptKey);
  const details = meta.PRINT_CONCEPT_DETAILS[conceptKey];
  const items = content?.print[conceptKey];
  if (content && !name && !details && !items) return <SectionNotFound />;
  return (
    <section className="page portfolio">
      <BackLink to="/portfolio/print">{messages.portfolio.backToPrint}</BackLink>
      <header className="page-header concept-header">
        <p className="eyebrow">{messages.portfolio.printTitle}</p>
        <h1>{name ?? conceptKey}</h1>
        {details && <ConceptDetails details={details} />}
      </header>
      {!content ? (
        <NoPortfolioContent />
      ) : items && items.length > 0 ? (
        <MediaGallery items={items} label={name ?? conceptKey} />
      ) : (
        <EmptySection text={messages.portfolio.noImages} />
      )}
    </section>
  );
}
