// /portfolio/{section} for the five category ids (docs/product.md §2). The route decides whether an id is a section.
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from '@studio/shared/router';
import type { PortfolioContent, PortfolioMeta } from '@studio/shared/domain';
import { MediaGallery } from '../../components/media/media-gallery';
import { messages } from '../../messages';
import { usePortfolioData, type PortfolioSectionId } from './portfolio-data';
import { BackLink, EmptySection, NoPortfolioContent, PortfolioLoading } from './portfolio-states';
import { UgcReels } from './ugc-reels';
import { ProjectLinks } from './project-links';
import { CompCardStats } from './comp-card-stats';
import './portfolio.css';

const TITLES: Record<PortfolioSectionId, { title: string; intro: string }> = {
  runway: { title: messages.portfolio.runwayTitle, intro: messages.portfolio.runwayIntro },
  print: { title: messages.portfolio.printTitle, intro: messages.portfolio.printIntro },
  'comp-card': { title: messages.portfolio.compCardTitle, intro: messages.portfolio.compCardIntro },
  digitals: { title: messages.portfolio.digitalsTitle, intro: messages.portfolio.digitalsIntro },
  ugc: { title: messages.portfolio.ugcTitle, intro: messages.portfolio.ugcIntro },
};

export function PortfolioSectionPage({ section }: { section: PortfolioSectionId }) {
  const data = usePortfolioData();
  const [params] = useSearchParams();
  const show = section === 'runway' ? params.get('show') : null;
  const { title, intro } = TITLES[section];

  if (show && data.status === 'ready' && data.content) {
    return <RunwayShow id={show} meta={data.meta} content={data.content} />;
  }

  return (
    <section className="page portfolio">
      <BackLink to="/portfolio">{messages.portfolio.backToPortfolio}</BackLink>
      <header className="page-header">
        <h1>{title}</h1>
        <p>{intro}</p>
      </header>
      {data.status === 'loading' ? (
        <PortfolioLoading />
      ) : section === 'ugc' ? (
        <UgcReels meta={data.meta} uploads={data.content?.ugc ?? []} />
      ) : !data.content ? (
        <NoPortfolioContent />
      ) : (
        <SectionBody section={section} meta={data.meta} content={data.content} />
      )}
      <ProjectLinks category={section} heading={messages.portfolio.projectsIn(title)} />
    </section>
  );
}

function SectionBody({
  section,
  meta,
  content,
}: {
  section: Exclude<PortfolioSectionId, 'ugc'>;
  meta: PortfolioMeta;
  content: PortfolioContent;
}) {
  switch (section) {
    case 'comp-card':
      return (
        <>
          <CompCardStats />
          {content['comp-card'].length === 0 ? (
            <EmptySection text={messages.portfolio.noCompCard} />
          ) : (
            <MediaGallery items={content['comp-card']} label={messages.portfolio.compCardTitle} />
          )}
        </>
      );
    case 'digitals':
      return content.digitals.length === 0 ? (
        <EmptySection text={messages.portfolio.noDigitals} />
      ) : (
        <MediaGallery items={content.digitals} label={messages.portfolio.digitalsTitle} />
      );
    case 'runway':
      return <RunwayList meta={meta} content={content} />;
    case 'print':
      return <PrintConcepts meta={meta} content={content} />;
  }
}

function RunwayList({ meta, content }: { meta: PortfolioMeta; content: PortfolioContent }) {
  const shows = Object.entries(meta.RUNWAY_SECTION_MAP);
  // She may have removed every show: the page says so rather than that the portfolio failed to load.
  if (shows.length === 0) return <EmptySection text={messages.portfolio.noShows} />;
  return (
    <ul className="feature-list">
      {shows.map(([id, name], i) => {
        const items = content.runway[id] ?? [];
        const cover = items.find((m) => m.type === 'image');
        return (
          <li key={id} className="feature-card">
            <div className="feature-cover" aria-hidden="true">
              {cover && (
                <img
                  src={cover.url}
                  alt=""
                  width={cover.width ?? 800}
                  height={cover.height ?? 1000}
                  loading={i < 2 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  decoding="async"
                />
              )}
            </div>
            <div className="feature-body">
              <h2>
                <Link className="stretched-link" to={`/portfolio/runway?show=${encodeURIComponent(id)}`}>
                  {name}
                </Link>
              </h2>
              {meta.RUNWAY_SECTION_SUBTITLES[id] && <p className="muted">{meta.RUNWAY_SECTION_SUBTITLES[id]}</p>}
              <p className="category-count">{messages.portfolio.looks(items.length)}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function RunwayShow({ id, meta, content }: { id: string; meta: PortfolioMeta; content: PortfolioContent }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A new view inside the same page: move focus to its title so keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), [id]);
  const name = meta.RUNWAY_SECTION_MAP[id];
  const items = content.runway[id] ?? [];
  return (
    <section className="page portfolio">
      <BackLink to="/portfolio/runway">{messages.portfolio.backToShows}</BackLink>
      <header className="page-header">
        <h1 ref={heading} tabIndex={-1}>
          {name ?? messages.portfolio.sectionNotFound}
        </h1>
        {meta.RUNWAY_SECTION_SUBTITLES[id] && <p>{meta.RUNWAY_SECTION_SUBTITLES[id]}</p>}
      </header>
      {name && items.length > 0 ? (
        <MediaGallery items={items} label={name} />
      ) : (
        name && <EmptySection text={messages.portfolio.noImages} />
      )}
    </section>
  );
}

function PrintConcepts({ meta, content }: { meta: PortfolioMeta; content: PortfolioContent }) {
  if (meta.PRINT_CONCEPTS.length === 0) return <EmptySection text={messages.portfolio.noConcepts} />;
  return (
    <ul className="feature-list">
      {meta.PRINT_CONCEPTS.map((name, i) => {
        const key = meta.PRINT_CONCEPT_KEY_MAP[name] ?? '';
        const details = meta.PRINT_CONCEPT_DETAILS[key];
        const cover = content.print[key]?.find((m) => m.type === 'image');
        return (
          <li key={name} className="feature-card">
            <div className="feature-cover" aria-hidden="true">
              {cover && (
                <img
                  src={cover.url}
                  alt=""
                  width={cover.width ?? 800}
                  height={cover.height ?? 1000}
                  loading={i < 2 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  decoding="async"
                />
              )}
            </div>
            <div className="feature-body">
              <h2>
                <Link className="stretched-link" to={`/portfolio/print/${encodeURIComponent(key)}`}>
                  {name}
                </Link>
              </h2>
              {details && <ConceptDetails details={details} />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function ConceptDetails({ details }: { details: PortfolioMeta['PRINT_CONCEPT_DETAILS'][string] }) {
  const rows: Array<[string, string]> = [
    [messages.portfolio.style, details.style],
    [messages.portfolio.wardrobe, details.wardrobe],
    [messages.portfolio.setting, details.setting],
    [messages.portfolio.purpose, details.purpose],
  ];
  return (
    <dl className="concept-details">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
