// The public site's routes, rendered by the shell for every path it does not own, built from the route registry
// (@studio/shared/routes): the page table must name exactly the registry's public-site routes. Each route sets the
// document's title from the registry's metadata (route-head.tsx). Home is in the first chunk; the other pages load on
// demand so the home page's first load stays small.
import { lazy, Suspense, type ReactElement } from 'react';
import { Route, Routes, useParams } from '@studio/shared/router';
import { ROUTES, routeIdsOf, type RouteIdOf } from '@studio/shared/routes';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import './public-site.css';
import { PageLoading } from '../components/page-loading';
import { FooterSlot } from '../components/footer/footer-slot';
import { NotFoundHead, RouteHead } from './route-head';

const PortfolioPage = lazy(() =>
  import('../features/portfolio/portfolio-page').then((m) => ({ default: m.PortfolioPage })),
);
const PortfolioSectionRoute = lazy(() => import('./portfolio-section-route'));
const PrintConceptPage = lazy(() =>
  import('../features/portfolio/print-concept-page').then((m) => ({ default: m.PrintConceptPage })),
);
const ServicePage = lazy(() => import('../features/services/service-page').then((m) => ({ default: m.ServicePage })));
const AboutPage = lazy(() => import('../features/about/about-page').then((m) => ({ default: m.AboutPage })));
// Its own chunk, named so tests can tell it is not part of the home page's load.
const SecurityTestPage = lazy(
  () => import(/* webpackChunkName: "security-test" */ '../features/security-test/security-test-page'),
);
// The booking form and its checks load only on /book-me, not with the home page.
const BookingPage = lazy(() =>
  import(/* webpackChunkName: "booking" */ '../features/booking/booking-page').then((m) => ({
    default: m.BookingPage,
  })),
);

// The client's manage page (the link in her confirmation mail) is its own chunk too.
const ManageBookingPage = lazy(
  () => import(/* webpackChunkName: "manage-booking" */ '../features/manage-booking/manage-booking-page'),
);

function PrintConceptRoute() {
  const { conceptKey = '' } = useParams();
  return <PrintConceptPage conceptKey={conceptKey} />;
}

// The printable comp card: a page of its own, with its own print styles.
const CompCardPrintPage = lazy(
  () => import(/* webpackChunkName: "comp-card-print" */ '../features/portfolio/comp-card-print-page'),
);

function ServiceRoute() {
  const { id = '' } = useParams();
  return <ServicePage serviceId={id} />;
}

const PAGES: { [K in RouteIdOf<'public-site'>]: ReactElement } = {
  home: <HomePage />,
  portfolio: <PortfolioPage />,
  portfolioSection: <PortfolioSectionRoute />,
  printConcept: <PrintConceptRoute />,
  about: <AboutPage />,
  booking: <BookingPage />,
  service: <ServiceRoute />,
  securityTest: <SecurityTestPage />,
  compCardPrint: <CompCardPrintPage />,
  manageBooking: <ManageBookingPage />,
};

export default function PublicSiteApp() {
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          {routeIdsOf('public-site').map((id) => (
            <Route
              key={id}
              path={ROUTES[id].pattern}
              element={
                <>
                  <RouteHead id={id} />
                  {PAGES[id]}
                </>
              }
            />
          ))}
          <Route
            path="*"
            element={
              <>
                <NotFoundHead />
                <NotFoundPage />
              </>
            }
          />
        </Routes>
      </Suspense>
      <FooterSlot />
    </>
  );
}
