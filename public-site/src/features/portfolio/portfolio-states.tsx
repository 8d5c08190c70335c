// The portfolio's shared states: loading, no content (docs/product.md §8, with a Refresh Page button), and 'Section not found'.
import { Link } from '@studio/shared/router';
import { messages } from '../../messages';

export { PageLoading as PortfolioLoading } from '../../components/page-loading';

/** Indirection so tests can observe the reload (jsdom cannot navigate). */
export const pageActions = { reload: () => window.location.reload() };

export function NoPortfolioContent() {
  return (
    <div className="empty-state portfolio-empty" data-island="retry">
      <p>{messages.portfolio.noContent}</p>
      <button type="button" className="btn btn-primary" onClick={() => pageActions.reload()}>
        {messages.portfolio.refresh}
      </button>
    </div>
  );
}

export function EmptySection({ text }: { text: string }) {
  return <p className="empty-state">{text}</p>;
}

export function SectionNotFound() {
  return (
    <section className="page not-found">
      <h1>{messages.portfolio.sectionNotFound}</h1>
      <p className="muted">{messages.portfolio.sectionNotFoundHint}</p>
      <Link className="btn btn-primary" to="/portfolio">
        {messages.home.portfolio}
      </Link>
    </section>
  );
}

export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link className="back-link" to={to}>
      <span aria-hidden="true">← </span>
      {children}
    </Link>
  );
}
