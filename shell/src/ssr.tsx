// The shell's server entry (built for Node by webpack.config.cjs beside the browser build, into dist/ssr/): the
// page's frame (skip link, navbar, main) around the public site's page as public-site's own server entry renders it,
// at the address asked for. The server (server/src/features/pages/server-render.ts) hands one to the other; React comes
// from the server's node_modules for both, so they render as one tree.
import type { ReactNode } from 'react';
import { MemoryRouter } from '@studio/shared/router';
import { BackendProvider, type Backend } from '@studio/shared/data';
import { AppFrame } from './app/app';

export interface ShellFrameInput {
  url: string;
  brand: string;
  backend: Backend;
  /** The public site's page, rendered by public-site's server entry. */
  publicSite: ReactNode;
}

export function shellFrame({ url, brand, backend, publicSite }: ShellFrameInput): ReactNode {
  return (
    <MemoryRouter initialEntries={[url]}>
      <BackendProvider backend={backend}>
        <AppFrame brand={brand} publicSite={publicSite} />
      </BackendProvider>
    </MemoryRouter>
  );
}
