// Her measurements on /portfolio/comp-card, as she entered them in the dashboard, with the link to the
// printable card. Nothing is shown until she has filled in at least one.
import { Link } from '@studio/shared/router';
import { compCardEntries } from '@studio/shared/domain';
import { useSite } from '../../api/get-site';
import { pageMessages } from '../../page-messages';

const t = pageMessages.compCard;

export function CompCardStats() {
  const site = useSite();
  if (site.status !== 'ready') return null;
  const entries = compCardEntries(site.data.compCard);
  return (
    <div className="comp-stats-block">
      {entries.length > 0 && (
        <dl className="comp-stats" aria-label={t.statsLabel}>
          {entries.map(({ field, value }) => (
            <div key={field}>
              <dt>{t.fields[field]}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <Link className="btn" to="/portfolio/comp-card/print">
        {t.printLink}
      </Link>
    </div>
  );
}
