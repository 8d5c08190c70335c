// Home (docs/product.md §2): a hero with Book and Portfolio buttons, then the services grid from the backend in her
// order, each card going to /book-me with its service selected and its Learn More to /service/{id}.
import { useMemo } from 'react';
import { Link } from '@studio/shared/router';
// The services rules alone: the domain barrel (with date-fns) would add 13 KB gzip to the home page's first load.
import { servicePriceText, withServiceDefaults } from '@studio/shared/domain/services';
import type { Service } from '@studio/shared/domain';
import { useServices } from '../../api/get-services';
import { useSite, useSiteName } from '../../api/get-site';
import { messages } from '../../messages';
import './home.css';

// The built-in plate; her own hero image (Site details) replaces it. The box keeps its ratio (home.css) either way.
const HERO = { src: '/media/hero.svg', width: 1600, height: 1000 };

export function HomePage() {
  const state = useServices();
  const list = state.data;
  const services = useMemo(() => (list ? list.map(withServiceDefaults) : []), [list]);
  // Her name, tagline and hero image as she saved them, never a built-in copy. The server renders '/' with them, so
  // the first paint has them; a non-breaking space holds the heading's line while a client-side visit loads them.
  const site = useSite();
  const details = site.status === 'ready' ? site.data.details : null;
  const ownHero = details?.heroImage.trim() ?? '';
  const name = useSiteName();

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-text">
          {details?.tagline && <p className="eyebrow">{details.tagline}</p>}
          <h1 id="hero-title">{name || '\u00a0'}</h1>
          <p className="hero-lead">{messages.home.lead}</p>
          <div className="row">
            <Link className="btn btn-primary" to="/book-me">
              {messages.home.book}
            </Link>
            <Link className="btn" to="/portfolio">
              {messages.home.portfolio}
            </Link>
          </div>
        </div>
        <div className="hero-media">
          <img
            src={ownHero || HERO.src}
            alt={name ? (ownHero ? messages.home.ownHeroAlt : messages.home.heroAlt)(name) : ''}
            width={HERO.width}
            height={HERO.height}
            fetchPriority="high"
            loading="eager"
            decoding="async"
          />
        </div>
      </section>

      <section className="page services" aria-labelledby="services-title">
        <header className="page-header">
          <h2 id="services-title">{messages.servicesTitle}</h2>
          <p>{messages.home.servicesIntro}</p>
        </header>
        {state.status === 'loading' && (
          <div role="status" className="service-grid" aria-busy="true">
            <span className="visually-hidden">{messages.loading}</span>
            {[0, 1, 2].map((n) => (
              <div key={n} className="service-card skeleton" aria-hidden="true" />
            ))}
          </div>
        )}
        {state.status === 'error' && (
          <p role="alert" className="alert alert-error">
            {messages.failedToLoadServices}
          </p>
        )}
        {state.status === 'ready' && services.length === 0 && <p className="empty-state">{messages.noServices}</p>}
        {state.status === 'ready' && services.length > 0 && (
          <ul className="service-grid" aria-labelledby="services-title">
            {services.map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function ServiceCard({ service }: { service: Service }) {
  const bookHref = `/book-me?selectedService=${encodeURIComponent(service.id)}`;
  return (
    <li className="service-card">
      {service.image && (
        <img
          className="service-media"
          src={service.image}
          alt=""
          width={1200}
          height={800}
          loading="lazy"
          decoding="async"
        />
      )}
      <div className="service-body">
        <h3>{service.displayName}</h3>
        <p className="muted">{service.description}</p>
        <p className="price">{servicePriceText(service)}</p>
        <div className="service-actions">
          {/* The whole card books the service (docs/product.md §2); Learn More sits above that link. */}
          <Link className="btn btn-primary btn-small stretched-link" to={bookHref}>
            {messages.home.book}
            <span className="visually-hidden">{messages.home.bookSuffix(service.displayName)}</span>
          </Link>
          <Link className="btn btn-ghost btn-small service-more" to={`/service/${encodeURIComponent(service.id)}`}>
            {messages.home.learnMore}
            <span className="visually-hidden">{messages.home.learnMoreSuffix(service.displayName)}</span>
          </Link>
        </div>
      </div>
    </li>
  );
}
