// Renders the public site with a backend from context, as the shell does: the http adapter to this worker's real
// server (shared/src/test-support/studio-server.ts), seeded with the demo content unless a test seeds its own.
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BackendProvider, type Backend } from '@studio/shared/data';
import { MemoryRouter, useLocation } from '@studio/shared/router';
import { studioServer, type StudioSeed, type StudioServer } from '@studio/shared/test-support/studio-server';
import { SiteNameProvider } from '@studio/shared/route-head';
import PublicSiteApp from '../app/app';
import { seed } from './seed';

// Pages are lazy chunks that ts-jest compiles on first use: on a busy two-core machine that alone can pass the
// default 1 s of findBy*, so the public site's tests wait longer for what they expect.
configure({ asyncUtilTimeout: 5000 });

/**
 * The page configuration the server writes into every page (server/src/features/pages/static-files.ts): her name from Site
 * details, MODEL_NAME before she saved any. Test servers seed no Site details unless a test does, so pages fall back
 * to this name as a site started without the seed would.
 */
export const CONFIGURED_NAME = 'Ava Monroe';
function ensurePageConfig() {
  if (document.getElementById('studio-config')) return;
  const script = document.createElement('script');
  script.id = 'studio-config';
  script.type = 'application/json';
  script.textContent = JSON.stringify({ modelName: CONFIGURED_NAME });
  document.head.append(script);
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** The server holding the demo seed (with the given parts replaced), and a visitor's adapter to it. */
export async function visitSite(
  overrides: Partial<StudioSeed> = {},
): Promise<{ server: StudioServer; backend: Backend }> {
  const server = await studioServer(seed(overrides));
  return { server, backend: server.backend() };
}

/** Any element inside a router at `path`, with the backend (one cache per call, as one page visit has). */
export function renderWithBackend(ui: ReactNode, backend: Backend, path = '/') {
  ensurePageConfig();
  return render(
    <BackendProvider backend={backend}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </BackendProvider>,
  );
}

/**
 * The whole public site at a path, with the location shown for navigation assertions; `siteName` is her name as the
 * shell gives it (the page titles need it), none by default.
 */
export function renderAt(path: string, backend: Backend, siteName?: string) {
  const site = (
    <>
      <PublicSiteApp />
      <LocationProbe />
    </>
  );
  return renderWithBackend(
    siteName === undefined ? site : <SiteNameProvider name={siteName}>{site}</SiteNameProvider>,
    backend,
    path,
  );
}
