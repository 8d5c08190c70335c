// Links to her projects' pages: on /portfolio every project, on a section's page the projects of that
// category. A project whose id is a section's is shadowed by the section (shared/src/route-meta.ts), so it gets no link. Nothing
// is shown while none applies: a section without projects is not told it has none.
import { Link } from '@studio/shared/router';
import { useProjects } from './api/get-projects';
import { isPortfolioSection } from './portfolio-data';

export function ProjectLinks({ category, heading }: { category?: string; heading: string }) {
  const projects = useProjects();
  if (projects.status !== 'ready') return null;
  const shown = projects.data.filter(
    (p) => !isPortfolioSection(p.id) && (category === undefined || p.category.trim().toLowerCase() === category),
  );
  if (shown.length === 0) return null;
  return (
    <section className="project-links" aria-labelledby="project-links-heading">
      <h2 id="project-links-heading">{heading}</h2>
      <ul className="feature-list">
        {shown.map((p) => (
          <li key={p.id} className="feature-card project-link-card">
            <div className="feature-body">
              <h3>
                <Link className="stretched-link" to={`/portfolio/${encodeURIComponent(p.id)}`}>
                  {p.title}
                </Link>
              </h3>
              {p.description && <p className="muted">{p.description}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
