// The public site's routes, rendered by the shell for every path it does not own.
import { lazy, Suspense } from 'react';
import { Route, Routes } from '@studio/shared/router';
import { HomePage } from '../features/home/home-page';
import { messages } from '../messages';

// Its own chunk, named so tests can tell it is not part of the home page's load.
const SecurityTestPage = lazy(() => import(/* webpackChunkName: "security-test" */ '../features/security-test/security-test-page'));

export default function PublicSiteApp() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route
        path="security-test"
        element={
          <Suspense fallback={<p role="status" className="page-loading">{messages.securityTest.loading}</p>}>
            <SecurityTestPage />
          </Suspense>
        }
      />
    </Routes>
  );
}
