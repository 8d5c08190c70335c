// The dashboard's Content tab, a lazy chunk of its own: her services, portfolio, comp card and site
// details and projects, one area at a time behind a small segmented switch, so each form fits a phone.
import { useState } from 'react';
import { Loading } from '../../components/loading';
import { useLeave } from '../../components/leave-guard';
import { contentMessages } from './messages';
import { usePortfolio, usePortfolioMeta, useSite } from './api/get-content';
import { CompCardForm } from './comp-card-form';
import { PortfolioWorkspace } from './portfolio-workspace';
import { ProjectsEditor } from './projects-editor';
import { ServicesEditor } from './services-editor';
import { SiteDetailsForm } from './site-details-form';
import './content.css';

const AREAS = ['services', 'portfolio', 'projects', 'compCard', 'site'] as const;
type Area = (typeof AREAS)[number];

function LoadFailed() {
  return (
    <p className="alert alert-error" role="alert">
      {contentMessages.loadFailed}
    </p>
  );
}

function PortfolioArea() {
  const content = usePortfolio();
  const meta = usePortfolioMeta();
  if (content.status === 'loading' || meta.status === 'loading') return <Loading />;
  // One Save stores the words and the media together: words that failed to load must not be saved over as empty.
  if (meta.status === 'error') return <LoadFailed />;
  // A site without portfolio content yet starts from empty sections.
  const start = content.status === 'ready' ? content.data : { runway: {}, print: {}, 'comp-card': [], digitals: [] };
  return <PortfolioWorkspace initial={{ meta: meta.data, content: start }} />;
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
  // Another area unmounts the one she is in: its unsaved work asks first (components/leave-guard.tsx).
  const leave = useLeave();
  return (
    <div className="content-panel">
      <nav aria-label={contentMessages.areasLabel}>
        <ul className="content-areas">
          {AREAS.map((a) => (
            <li key={a}>
              <button
                type="button"
                className="content-area"
                aria-pressed={area === a}
                onClick={() => a !== area && leave(() => setArea(a))}
              >
                {contentMessages.areas[a]}
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
