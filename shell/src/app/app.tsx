// The shell's routes: its own pages (admin gate, sign-in) and the public-site remote for every other path.
import type { ReactNode } from 'react';
import { BrowserRouter } from '@studio/shared/router';
import { Navbar } from '../features/navbar/navbar';
import { RemoteApp } from '../features/remotes/remote-app';
import { messages } from '../messages';
import { ShellRoutes } from './shell-routes';
import { RouteFocus } from './route-focus';
import { SiteNameProvider } from '@studio/shared/route-head';
import { ToPublicOrigin } from './to-public-origin';
import { siteOrigins } from '../runtime-config';

/**
 * The page inside a router: the browser's (App) or the server's (src/ssr.tsx), which hands in the public site's page
 * as it rendered it, so both produce the same markup and the browser hydrates the server's HTML.
 */
export function AppFrame({ brand, publicSite }: { brand: string; publicSite?: ReactNode }) {
  // Her name for the logo and for every page title (the route registry's heads), from one input.
  return (
    <SiteNameProvider name={brand}>
      <a className="skip-link" href="#main">
        {messages.skipToContent}
      </a>
      <RouteFocus />
      <Navbar brand={brand} />
      <main id="main" tabIndex={-1}>
        <ShellRoutes
          otherwise={
            // Her origin runs no public-site code: its public addresses are the public origin's.
            siteOrigins().onAdmin ? <ToPublicOrigin /> : <RemoteApp remote="public-site" rendered={publicSite} />
          }
        />
      </main>
    </SiteNameProvider>
  );
}

export function App({ brand }: { brand: string }) {
  return (
    <BrowserRouter>
      <AppFrame brand={brand} />
    </BrowserRouter>
  );
}
