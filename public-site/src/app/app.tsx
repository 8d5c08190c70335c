// The public site's routes, rendered by the shell for every path it does not own.
import { lazy, Suspense } from 'react';
import { Route, Routes } from '@studio/shared/router';
import { HomePage } from '../features/home/home-page';
import { messages } from '../messages';

// Its own chunk, named so tests can tell it is not part of the home page's load.
const SecurityTestPage = lazy(() => import(/* webpackChunkName: "security-test" */ '../features/security-test/security-test-page'));
// The booking form and its checks load only on /book-me, not with the home page.
const BookingPage = lazy(() =>
  import(/* webpackChunkName: "booking" */ '../features/booking/booking-page').then((m) => ({ default: m.BookingPage })),
);

export default function PublicSiteApp() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route
        path="book-me"
        element={
          <Suspense fallback={<p role="status" className="page-loading">{messages.loading}</p>}>
            <BookingPage />
          </Suspense>
        }
      />
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
