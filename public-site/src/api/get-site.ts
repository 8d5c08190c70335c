// Her site details and comp card measurements, as she keeps them in the dashboard, read by the footer, the about page
// and the comp card pages: one key, so a visit asks once; her saves in the dashboard drop it.
import { siteKey, useQuery } from '@studio/shared/data';
import { useHydrated } from '../components/use-hydrated';

export const useSite = () => useQuery(siteKey, (backend) => backend.content.getSite());

/**
 * Her name as every page shows it, from one place: Site details' name; before she has saved any, the name the server
 * wrote into the page's configuration (the `studio-config` script: MODEL_NAME), read once hydrated so the server's
 * HTML and the first browser render agree. '' while neither is known.
 */
export function useSiteName(): string {
  const site = useSite();
  const hydrated = useHydrated();
  if (site.status !== 'ready') return '';
  return (
    site.data.details.name ||
    (hydrated &&
      (JSON.parse(document.getElementById('studio-config')?.textContent || '{}') as { modelName?: string })
        .modelName) ||
    ''
  );
}
