// The public site's routes, rendered by the shell for every path it does not own. Home is in the first chunk; the
// other pages load on demand so the home page's first load stays small.
import { lazy, Suspense } from 'react';
import { Route, Routes, useParams } from '@studio/shared/router';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import './public-site.css';
import { PageLoading } from '../components/page-loading';

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

function PrintConceptRoute() {
  const { conceptKey = '' } = useParams();
  return <PrintConceptPage conceptKey={conceptKey} />;
}

function ServiceRoute() {
  const { service = '' } = useParams();
  return <ServicePage serviceId={service} />;
}

export default function PublicSiteApp() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="/portfolio" element={<PortfolioPage />} />
        <Route path="/portfolio/:section" element={<PortfolioSectionRoute />} />
        <Route path="/portfolio/print/:conceptKey" element={<PrintConceptRoute />} />
        <Route path="/service/:service" element={<ServiceRoute />} />
        <Route path="/about" element={<AboutPage />} />
        <Route path="/book-me" element={<BookingPage />} />
        <Route path="/security-test" element={<SecurityTestPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
