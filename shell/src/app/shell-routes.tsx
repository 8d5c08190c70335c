// The shell's own pages, from the route registry (@studio/shared/routes): the table must name exactly the registry's
// shell routes. Every other path goes to the public-site remote, which builds its routes from the same registry.
// Each page sets the document's title from the registry's metadata, as the server does for a first load.
import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { Route, Routes } from '@studio/shared/router';
import { ROUTES, routeIdsOf, type RouteIdOf } from '@studio/shared/routes';
import { NO_CONTENT, ROUTE_META } from '@studio/shared/route-meta';
import { useDocumentHead, useSiteName } from '@studio/shared/route-head';
import { AdminRoute } from './admin-route';
import { Loading } from '../features/remotes/remote-app';
// The sign-in link's page is the admin's alone: its code loads when she opens the link, not with a visitor's page.
// Its styles stay in main.css: a first lazy stylesheet would add the CSS-loading runtime to every first load.
import '../features/auth/finish-sign-in-page.css';

const FinishSignInPage = lazy(() =>
  import('../features/auth/finish-sign-in-page').then((m) => ({ default: m.FinishSignInPage })),
);

const PAGES: { [K in RouteIdOf<'shell'>]: ReactElement } = {
  admin: <AdminRoute />,
  finishSignIn: (
    <Suspense fallback={<Loading />}>
      <FinishSignInPage />
    </Suspense>
  ),
};

/** The shell's pages read no content: their heads are made of her name alone. */
function ShellHead({ id }: { id: RouteIdOf<'shell'> }) {
  const name = useSiteName();
  useDocumentHead(name === null ? null : ROUTE_META[id].head({ name, params: {}, content: NO_CONTENT }));
  return null;
}

export function ShellRoutes({ otherwise }: { otherwise: ReactNode }) {
  return (
    <Routes>
      {routeIdsOf('shell').map((id) => (
        <Route
          key={id}
          path={ROUTES[id].pattern}
          element={
            <>
              <ShellHead id={id} />
              {PAGES[id]}
            </>
          }
        />
      ))}
      <Route path="*" element={otherwise} />
    </Routes>
  );
}
