// /portfolio/comp-card/print: her comp card as a two-sided 8.5 x 5.5 in print (A5 with ?paper=a5, the card size
// agencies outside the US print on; plain links choose it, so it works without script), from the same data as the
// comp card page: the front is her headshot (the first comp card photo) and her name; the back four more photos,
// her measurements and how to reach her or her agency. On screen both sides show, scaled to the window. Rendered by
// the server like the public pages, so it shows and prints without script; its Print button needs none of the app
// (the island loader prints), and without JavaScript the page says to use the browser's own Print.
import { Link, useSearchParams } from '@studio/shared/router';
import { compCardEntries, type MediaItem } from '@studio/shared/domain';
import { useSite } from '../../api/get-site';
import { pageMessages } from '../../page-messages';
import { useHydrated } from '../../components/use-hydrated';
import { usePortfolioContent } from './api/get-portfolio-content';
import './comp-card-print.css';

const t = pageMessages.compCard;
const BACK_PHOTOS = 4;
const PRINT_PATH = '/portfolio/comp-card/print';

function Photo({ item, className }: { item: MediaItem | undefined; className: string }) {
  if (!item) return <div className={`${className} comp-print-empty`} aria-hidden="true" />;
  return <img className={className} src={item.url} alt={item.name} width={item.width} height={item.height} />;
}

export default function CompCardPrintPage() {
  const site = useSite();
  const content = usePortfolioContent();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const paper = params.get('paper') === 'a5' ? 'a5' : 'letter';
  if (site.status === 'loading' || content.status === 'loading') {
    return (
      <p className="page" role="status">
        {t.loading}
      </p>
    );
  }
  const details = site.status === 'ready' ? site.data.details : null;
  const stats = site.status === 'ready' ? compCardEntries(site.data.compCard) : [];
  const photos = content.status === 'ready' ? content.data['comp-card'].filter((i) => i.type === 'image') : [];
  const [headshot, ...rest] = photos;
  const back = Array.from({ length: BACK_PHOTOS }, (_, i) => rest[i]);
  const name = details?.name ?? '';

  return (
    <article className="page comp-print-page">
      <div className="comp-print-toolbar">
        <Link to="/portfolio/comp-card">{t.backToCompCard}</Link>
        <h1>{t.printTitle}</h1>
        <p className="muted">{paper === 'a5' ? t.printHintA5 : t.printHint}</p>
        <nav className="comp-print-papers" aria-label={t.paperLabel}>
          {(['letter', 'a5'] as const).map((size) => (
            <Link
              key={size}
              to={size === 'a5' ? `${PRINT_PATH}?paper=a5` : PRINT_PATH}
              className={size === paper ? 'is-current' : undefined}
              aria-current={size === paper ? 'page' : undefined}
            >
              {t.papers[size]}
            </Link>
          ))}
        </nav>
        {photos.length === 0 && <p className="muted">{t.noImages}</p>}
        {/* An island the loader handles itself (window.print needs no React); disabled until a script can print. */}
        <span data-island="print">
          <button
            type="button"
            className="btn btn-primary"
            disabled={!hydrated}
            data-script-control=""
            onClick={() => window.print()}
          >
            {t.print}
          </button>
        </span>
        <noscript>
          <p className="muted">{t.printWithBrowser}</p>
        </noscript>
      </div>

      <div className={paper === 'a5' ? 'comp-print comp-print-a5' : 'comp-print'}>
        <section className="comp-print-side comp-print-front" aria-label={t.front}>
          <Photo item={headshot} className="comp-print-headshot" />
          <div className="comp-print-title">
            <p className="comp-print-name">{name}</p>
            {details?.agency && <p className="comp-print-agency">{details.agency}</p>}
          </div>
        </section>

        <section className="comp-print-side comp-print-back" aria-label={t.back}>
          <div className="comp-print-grid">
            {back.map((item, i) => (
              <Photo key={i} item={item} className="comp-print-photo" />
            ))}
          </div>
          <div className="comp-print-info">
            <p className="comp-print-name comp-print-name-small">{name}</p>
            {stats.length > 0 && (
              <dl className="comp-print-stats" aria-label={t.statsLabel}>
                {stats.map(({ field, value }) => (
                  <div key={field}>
                    <dt>{t.fields[field]}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            )}
            <div className="comp-print-contact">
              {details?.agency && <p>{details.agency}</p>}
              {details?.email && <p>{details.email}</p>}
              {details?.phone && <p>{details.phone}</p>}
            </div>
          </div>
        </section>
      </div>
    </article>
  );
}
