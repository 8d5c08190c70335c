// After a navigation inside the site, focus is on the new page's heading, as a page load would take a
// screen reader and keyboard user to the top; not on first load.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from '@studio/shared/router';
import { RouteFocus } from './route-focus';

let release: () => void = () => undefined;
const LatePage = lazy(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      release = () => resolve({ default: () => <h1>Late page</h1> });
    }),
);

// A page drawn at once whose heading comes later (its data or a remote still loading), as the home page after her
// sign-out: the route has changed, the heading is not there yet.
let showHeading: () => void = () => undefined;
function HeadingLaterPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    showHeading = () => setReady(true);
  }, []);
  return ready ? <h1>Second late page</h1> : <p>Loading</p>;
}

// The navbar's sign-in form as the logo's gesture opens it: its first control takes focus when it mounts.
function SignInForm() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <form aria-label="Admin sign-in">
      <input ref={field} aria-label="Email" />
    </form>
  );
}

function HomeLinkOpeningForm() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link to="/" onClick={() => setOpen(true)}>
        Logo
      </Link>
      {open && <SignInForm />}
    </>
  );
}

function renderSite(initial = '/') {
  return render(
    <MemoryRouter initialEntries={[initial]}>
      <HomeLinkOpeningForm />
      <RouteFocus />
      <Link to="/about">About</Link>
      <Link to="/late">Late</Link>
      <Link to="/second-late">Second late</Link>
      <button type="button">Open sign-in</button>
      <main id="main">
        <Suspense fallback={<p>Loading</p>}>
          <Routes>
            <Route path="/" element={<h1>Home page</h1>} />
            <Route path="/about" element={<h1>About page</h1>} />
            <Route path="/late" element={<LatePage />} />
            <Route path="/second-late" element={<HeadingLaterPage />} />
          </Routes>
        </Suspense>
      </main>
    </MemoryRouter>,
  );
}

test('the first page keeps focus where the browser put it', () => {
  renderSite();
  expect(screen.getByRole('heading', { name: 'Home page' })).not.toHaveFocus();
});

test("a link's page gets focus on its heading", async () => {
  const user = userEvent.setup();
  renderSite();
  await user.click(screen.getByRole('link', { name: 'About' }));
  const heading = screen.getByRole('heading', { name: 'About page' });
  expect(heading).toHaveFocus();
  expect(heading).toHaveAttribute('tabindex', '-1');
});

test('a page whose code arrives later gets focus when its heading appears', async () => {
  const user = userEvent.setup();
  renderSite();
  await user.click(screen.getByRole('link', { name: 'Late' }));
  await act(async () => release());
  expect(await screen.findByRole('heading', { name: 'Late page' })).toHaveFocus();
});

test('a heading that appears after the visitor moved focus elsewhere leaves focus where she put it', async () => {
  const user = userEvent.setup();
  renderSite();
  await user.click(screen.getByRole('link', { name: 'Second late' }));
  const chosen = screen.getByRole('button', { name: 'Open sign-in' });
  await user.click(chosen);
  expect(screen.getByText('Loading')).toBeInTheDocument();
  await act(async () => showHeading());
  await screen.findByRole('heading', { name: 'Second late page' });
  expect(chosen).toHaveFocus();
});

test('a form outside the page that took focus as the route changed keeps it (the logo goes home and opens sign-in)', async () => {
  const user = userEvent.setup();
  renderSite('/about');
  // The form mounts in the navigation's own render and focuses its field before the route's focus runs.
  await user.click(screen.getByRole('link', { name: 'Logo' }));
  expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
});
