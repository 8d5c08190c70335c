// The public site's routes, rendered by the shell for every path it does not own.
import { Route, Routes } from '@studio/shared/router';
import { HomePage } from '../features/home/home-page';

export default function PublicSiteApp() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
    </Routes>
  );
}
