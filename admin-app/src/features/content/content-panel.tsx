// The dashboard's Content tab (issue 16), a lazy chunk of its own: her services, portfolio, comp card and site
// details and projects, one area at a time behind a small segmented switch, so each form fits a phone.
import { useState } from 'react';
import { EMPTY_PORTFOLIO_META } from '@studio/shared/domain';
import { Loading } from '../../components/loading';
import { messages } from '../../messages';
import { usePortfolio, usePortfolioMeta, useSite } from './api/get-content';
import { CompCardForm } from './comp-card-form';
import { PortfolioEditor } from './portfolio-editor';
import { PortfolioMetaForm } from './portfolio-meta-form';
import { ProjectsEditor } from './projects-editor';
import { ServicesEditor } from './services-editor';
import { SiteDetailsForm } from './site-details-form';
import './content.css';

const AREAS = ['services', 'portfolio', 'projects', 'compCard', 'site'] as const;
type Area = (typeof AREAS)[number];

function LoadFailed() {
  return (
    <p className="alert alert-error" role="alert">
      {messages.content.loadFailed}
    </p>
  );
}

function PortfolioArea() {
  const content = usePortfolio();
  const meta = usePortfolioMeta();
  if (content.status === 'loading' || meta.status === 'loading') return <Loading />;
  // A site without portfolio content yet starts from empty sections; metadata that fails falls back to empty.
  const start = content.status === 'ready' ? content.data : { runway: {}, print: {}, 'comp-card': [], digitals: [] };
  const metaData = meta.status === 'ready' ? meta.data : EMPTY_PORTFOLIO_META;
  return (
    <>
      <PortfolioEditor meta={metaData} content={start} />
      {meta.status === 'ready' && <PortfolioMetaForm initial={meta.data} />}
    </>
  );
}

function SiteArea({ area }: { area: 'compCard' | 'site' }) {
  const site = useSite();
  if (site.status === 'loading') return <Loading />;
  if (site.status === 'error') return <LoadFailed />;
  return area === 'site' ? (
    <SiteDetailsForm initial={site.data.details} />
  ) : (
    <CompCardForm initial={site.data.compCard} />
  );
}

export default function ContentPanel() {
  const [area, setArea] = useState<Area>('services');
  return (
    <div className="content-panel">
      <nav aria-label={messages.content.areasLabel}>
        <ul className="content-areas">
          {AREAS.map((a) => (
            <li key={a}>
              <button type="button" className="content-area" aria-pressed={area === a} onClick={() => setArea(a)}>
                {messages.content.areas[a]}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {area === 'services' && <ServicesEditor />}
      {area === 'portfolio' && <PortfolioArea />}
      {area === 'projects' && <ProjectsEditor />}
      {(area === 'compCard' || area === 'site') && <SiteArea key={area} area={area} />}
    </div>
  );
}
