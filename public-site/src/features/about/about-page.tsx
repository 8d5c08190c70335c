// /about (docs/product.md §2): story, approach, services and expertise, equipment list.
import { Link } from '@studio/shared/router';
import { messages } from '../../messages';
import { useSite } from '../../api/get-site';
import './about-page.css';

const PORTRAIT = { src: '/media/comp-card/headshot.svg', width: 800, height: 1000 };

export function AboutPage() {
  const t = messages.about;
  // Her own about text from the dashboard (issue 16), paragraphs split on blank lines; the built-in story until then.
  const site = useSite();
  const own = site.status === 'ready' ? site.data.details.about.trim() : '';
  const story = own ? own.split(/\n\s*\n/).map((p) => p.trim()) : t.story;
  return (
    <article className="page about">
      <header className="about-intro">
        <div>
          <p className="eyebrow">{t.eyebrow}</p>
          <h1>{t.title}</h1>
          <p className="about-lead">{t.lead}</p>
          <dl className="about-stats" aria-label={t.statsTitle}>
            {t.stats.map(([value, label]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <img
          className="about-portrait"
          src={PORTRAIT.src}
          alt={t.portraitAlt}
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
