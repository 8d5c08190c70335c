// Her site details and comp card measurements (issue 16), read by the footer, the about page and the comp card
// pages: one key, so a visit asks once; her saves in the dashboard drop it.
import { siteKey, useQuery } from '@studio/shared/data';
import { useHydrated } from '../components/use-hydrated';

export const useSite = () => useQuery(siteKey, (backend) => backend.content.getSite());

/** The name the server wrote into the page's configuration (the `studio-config` script): MODEL_NAME until she saves. */
function configuredName(): string {
  try {
    const config = JSON.parse(document.getElementById('studio-config')?.textContent ?? '{}') as { modelName?: unknown };
    return typeof config.modelName === 'string' ? config.modelName : '';
  } catch {
    return '';
  }
}

/**
 * Her name as the pages show it (issue 27): Site details' name; before she has saved any, the page configuration's
 * (read only once hydrated, so the server's HTML and the first browser render agree). '' while neither is known.
 */
export function useSiteName(): string {
  const site = useSite();
  const hydrated = useHydrated();
  const saved = site.status === 'ready' ? site.data.details.name.trim() : '';
  return saved || (hydrated && site.status !== 'loading' ? configuredName() : '');
}
