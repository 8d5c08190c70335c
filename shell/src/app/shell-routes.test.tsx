// The shell's routes come from the route registry: its own routes show its pages, every public-site route goes to
// the remote.
import { act, screen } from '@testing-library/react';
import { authStore } from '@studio/shared/auth-store';
import type { Backend } from '@studio/shared/backend';
import { studioServer } from '@studio/shared/test-support/studio-server';
import { MemoryRouter } from '@studio/shared/router';
import { ROUTES, routeIdsOf } from '@studio/shared/routes';
import { SiteNameProvider } from '@studio/shared/route-head';
import { renderWithBackend } from '../test-support/render';
import { ShellRoutes } from './shell-routes';

// An address for a pattern: each parameter gets a value, a splat gets a deeper path.
const example = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'x').replace(/\/\*$/, '/bookings');

function renderPath(path: string) {
  return renderWithBackend(
    <MemoryRouter initialEntries={[path]}>
      <SiteNameProvider name="Ava Monroe">
        <ShellRoutes otherwise={<p>public-site remote</p>} />
      </SiteNameProvider>
    </MemoryRouter>,
    backend,
  );
}

let backend: Backend;

beforeEach(async () => {
  backend = (await studioServer()).backend();
  act(() => authStore.getState().setUser(null));
});

test.each(['/admin', example(ROUTES.admin.pattern)])('%s is the admin gate, refusing a visitor', (path) => {
  renderPath(path);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Access Denied');
  expect(alert).toHaveTextContent('You do not have permission to access this page.');
  expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  expect(screen.queryByText('public-site remote')).not.toBeInTheDocument();
  expect(document.title).toBe('Dashboard — Ava Monroe');
});

test("/admin#sign-in (where her name's gesture on the public site lands, the form open) shows no refusal", () => {
  renderPath('/admin#sign-in');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
  expect(screen.queryByText('public-site remote')).not.toBeInTheDocument();
});

test('/finishSignIn is the sign-in page (without a token: "Invalid sign-in link.")', async () => {
  renderPath(ROUTES.finishSignIn.pattern);
  // Its code loads on demand (not with a visitor's first page).
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid sign-in link.');
  expect(document.title).toBe('Signing in — Ava Monroe');
});

test.each(routeIdsOf('public-site'))('the public-site route %s goes to the remote', (id) => {
  renderPath(example(ROUTES[id].pattern));
  expect(screen.getByText('public-site remote')).toBeInTheDocument();
});
