// The shell's own pages, from the route registry (@studio/shared/routes): the table must name exactly the registry's
// shell routes. Every other path goes to the public-site remote, which builds its routes from the same registry.
import type { ReactElement, ReactNode } from 'react';
import { Route, Routes } from '@studio/shared/router';
import { ROUTES, routeIdsOf, type RouteIdOf } from '@studio/shared/routes';
import { FinishSignInPage } from '../features/auth/finish-sign-in-page';
import { AdminRoute } from './admin-route';

const PAGES: { [K in RouteIdOf<'shell'>]: ReactElement } = {
  admin: <AdminRoute />,
  finishSignIn: <FinishSignInPage />,
};

export function ShellRoutes({ otherwise }: { otherwise: ReactNode }) {
  return (
    <Routes>
      {routeIdsOf('shell').map((id) => (
        <Route key={id} path={ROUTES[id].pattern} element={PAGES[id]} />
      ))}
      <Route path="*" element={otherwise} />
    </Routes>
  );
}
