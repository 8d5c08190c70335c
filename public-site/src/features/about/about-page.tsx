// /about (docs/product.md §2): story, approach, services and expertise, equipment list. Her name and the stats come
// from her Site details and comp card, never a built-in copy, so the page never disagrees with the comp card.
import { Link } from '@studio/shared/router';
import { compCardEntries } from '@studio/shared/domain';
import { messages } from '../../messages';
import { pageMessages } from '../../page-messages';
import { useSite, useSiteName } from '../../api/get-site';
import './about-page.css';

const PORTRAIT = { src: '/media/comp-card/headshot.svg', width: 800, height: 1000 };

export function AboutPage() {
  const t = messages.about;
  // Her own about text from the dashboard, paragraphs split on blank lines; the built-in story until then.
  const site = useSite();
  const own = site.status === 'ready' ? site.data.details.about.trim() : '';
  const story = own ? own.split(/\n\s*\n/).map((p) => p.trim()) : t.story;
  const name = useSiteName();
  const stats = site.status === 'ready' ? compCardEntries(site.data.compCard) : [];
  return (
    <article className="page about">
      <header className="about-intro">
        <div>
          <p className="eyebrow">{t.eyebrow}</p>
          <h1>{name ? t.title(name) : '\u00a0'}</h1>
          <p className="about-lead">{t.lead}</p>
          {stats.length > 0 && (
            <dl className="about-stats" aria-label={t.statsTitle}>
              {stats.map(({ field, value }) => (
                <div key={field}>
                  <dt>{pageMessages.compCard.fields[field]}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        <img
          className="about-portrait"
          src={PORTRAIT.src}
          alt={name ? t.portraitAlt(name) : ''}
          width={PORTRAIT.width}
          height={PORTRAIT.height}
          fetchPriority="high"
          decoding="async"
        />
      </header>

      <section className="about-section" aria-labelledby="about-story">
        <h2 id="about-story">{t.storyTitle}</h2>
        {story.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>

      <section className="about-section" aria-labelledby="about-approach">
        <h2 id="about-approach">{t.approachTitle}</h2>
        <ul className="about-list">
          {t.approach.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </section>

      <div className="about-columns">
        <section className="about-panel" aria-labelledby="about-expertise">
          <h2 id="about-expertise">{t.expertiseTitle}</h2>
          <ul className="about-tags">
            {t.expertise.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        <section className="about-panel" aria-labelledby="about-equipment">
          <h2 id="about-equipment">{t.equipmentTitle}</h2>
          <p className="muted">{t.equipmentIntro}</p>
          <ul className="about-equipment">
            {t.equipment.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      </div>

      <aside className="about-cta">
        <p>{t.cta}</p>
        <Link className="btn btn-primary" to="/book-me">
          {t.ctaButton}
        </Link>
      </aside>
    </article>
  );
}
