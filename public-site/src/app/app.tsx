// The public site's routes, rendered by the shell for every path it does not own.
import { Route, Routes } from '@studio/shared/router';
import { HomePage } from '../features/home/home-page';
import { BookingPage } from '../features/booking/booking-page';

export default function PublicSiteApp() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route path="book-me" element={<BookingPage />} />
    </Routes>
  );
}
