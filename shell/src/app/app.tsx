// The shell's routes: its own pages (admin gate) and the public-site remote for every other path.
import { BrowserRouter, Route, Routes } from '@studio/shared/router';
import { Navbar } from '../features/navbar/navbar';
import { RemoteApp } from '../features/remotes/remote-app';
import { AdminRoute } from './admin-route';
import { FinishSignInPage } from '../features/auth/finish-sign-in-page';
import { messages } from '../messages';

export function App({ brand }: { brand: string }) {
  return (
    <BrowserRouter>
      <a className="skip-link" href="#main">
        {messages.skipToContent}
      </a>
      <Navbar brand={brand} />
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route path="/admin/*" element={<AdminRoute />} />
          <Route path="/finishSignIn" element={<FinishSignInPage />} />
          <Route path="*" element={<RemoteApp remote="public-site" />} />
        </Routes>
      </main>
    </BrowserRouter>
  );
}
