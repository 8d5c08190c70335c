// Renders the public site with a backend from context, as the shell does: the memory adapter over the demo seed
// unless a test hands in its own (to fail a call, count calls or start from other data).
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryBackend } from '@studio/shared/backend/memory';
import { BackendProvider, type Backend } from '@studio/shared/data';
import { MemoryRouter, useLocation } from '@studio/shared/router';
import PublicSiteApp from '../app/app';
import { seed } from './seed';

// Pages are lazy chunks that ts-jest compiles on first use: on a busy two-core machine that alone can pass the
// default 1 s of findBy*, so the public site's tests wait longer for what they expect.
configure({ asyncUtilTimeout: 5000 });

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Any element inside a router at `path`, with the backend (one cache per call, as one page visit has). */
export function renderWithBackend(ui: ReactNode, backend: Backend = createMemoryBackend(seed()), path = '/') {
  return render(
    <BackendProvider backend={backend}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </BackendProvider>,
  );
}

/** The whole public site at a path, with the location shown for navigation assertions. */
export function renderAt(path: string, backend: Backend = createMemoryBackend(seed())) {
  return renderWithBackend(
    <>
      <PublicSiteApp />
      <LocationProbe />
    </>,
    backend,
    path,
  );
}
