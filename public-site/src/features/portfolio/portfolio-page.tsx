// /portfolio: one card per category of the metadata with its label, description and count (docs/product.md §2); the admin also
// sees Manage Portfolio.
import { Link } from '@studio/shared/router';
import { selectIsAdmin, useAuth } from '@studio/shared/auth-store';
import { messages } from '../../messages';
import { useSiteName } from '../../api/get-site';
import { categoryCount, coverOf, usePortfolioData } from './portfolio-data';
import { NoPortfolioContent, PortfolioLoading } from './portfolio-states';
import { ProjectLinks } from './project-links';
import './portfolio.css';

export function PortfolioPage() {
  const data = usePortfolioData();
  const isAdmin = useAuth(selectIsAdmin);
  const name = useSiteName();

  return (
    <section className="page portfolio">
      <header className="page-header portfolio-header">
        <div>
          <p className="eyebrow">{name || '\u00a0'}</p>
          <h1>{messages.portfolio.title}</h1>
          <p>{messages.portfolio.intro}</p>
        </div>
        {isAdmin && (
          <Link className="btn btn-ghost" to="/admin">
            {messages.portfolio.manage}
          </Link>
        )}
      </header>
      {data.status === 'loading' ? (
        <PortfolioLoading />
      ) : !data.content || data.meta.portfolioCategories.length === 0 ? (
        <NoPortfolioContent />
      ) : (
        <ul className="category-grid">
          {data.meta.portfolioCategories.map((category, i) => {
            const cover = coverOf(category.id, data.meta, data.content);
            return (
              <li key={category.id} className="category-card">
                <div className="category-cover" aria-hidden="true">
                  {cover ? (
                    <img
                      src={cover.url}
                      alt=""
                      width={cover.width ?? 800}
                      height={cover.height ?? 1000}
                      loading={i < 3 ? 'eager' : 'lazy'}
                      fetchPriority={i === 0 ? 'high' : 'auto'}
                      decoding="async"
                    />
                  ) : (
                    <span className="category-cover-fallback">{category.label}</span>
                  )}
                </div>
                <div className="category-body">
                  <h2>
                    <Link className="stretched-link" to={`/portfolio/${category.id}`}>
                      {category.label}
                    </Link>
                  </h2>
                  <p className="muted">{category.description}</p>
                  <p className="category-count">{categoryCount(category.id, data.meta)}</p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ProjectLinks heading={messages.portfolio.projectsHeading} />
    </section>
  );
}
