// The shell's routes: its own pages (admin gate, sign-in) and the public-site remote for every other path.
import { BrowserRouter } from '@studio/shared/router';
import { Navbar } from '../features/navbar/navbar';
import { RemoteApp } from '../features/remotes/remote-app';
import { messages } from '../messages';
import { ShellRoutes } from './shell-routes';

export function App({ brand }: { brand: string }) {
  return (
    <BrowserRouter>
      <a className="skip-link" href="#main">
        {messages.skipToContent}
      </a>
      <Navbar brand={brand} />
      <main id="main" tabIndex={-1}>
        <ShellRoutes otherwise={<RemoteApp remote="public-site" />} />
      </main>
    </BrowserRouter>
  );
}
