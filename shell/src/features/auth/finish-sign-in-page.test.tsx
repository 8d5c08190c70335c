// docs/product.md §4: the /finishSignIn states (prompt, loading, success with a 2 s redirect, 'Invalid sign-in link.',
// 'Sign-in failed. Try again.'), against the real server. The page reads the token from the real address bar.
import { act, fireEvent, screen } from '@testing-library/react';
import { BrowserRouter, Route, Routes, useLocation } from '@studio/shared/router';
import { authStore } from '@studio/shared/auth-store';
import type { Backend } from '@studio/shared/backend';
import { studioServer, type StudioServer } from '@studio/shared/test-support/studio-server';
import { renderWithBackend } from '../../test-support/render';
import { FinishSignInPage } from './finish-sign-in-page';

const ADMIN = 'admin@studio.test';
let server: StudioServer;
let memory: Backend;
let token: string;
let unsubscribe: () => void;

function Home() {
  return <p data-testid="home">{useLocation().pathname}</p>;
}

function openLink(search: string) {
  window.history.replaceState(null, '', `/finishSignIn${search}`);
  return renderWithBackend(
    <BrowserRouter>
      <Routes>
        <Route path="/finishSignIn" element={<FinishSignInPage />} />
        <Route path="/" element={<Home />} />
        <Route path="/admin" element={<Home />} />
      </Routes>
    </BrowserRouter>,
    memory,
  );
}

/** Lets the page's requests to the server finish (the fake clock does not move them). */
const flush = () => act(() => server.idle());

beforeEach(async () => {
  jest.useFakeTimers();
  server = await studioServer();
  // The browser's localStorage: clearing it is opening the link on another device.
  memory = server.backend(localStorage);
  unsubscribe = memory.auth.onChange((user) => authStore.getState().setUser(user));
  authStore.getState().setUser(null);
  // Requested in this browser: the adapter keeps the e-mail.
  await memory.auth.requestLink(ADMIN);
  token = await server.lastSignInToken();
});

afterEach(() => {
  unsubscribe();
  jest.useRealTimers();
});

test('with the e-mail stored: loading, then success, the token gone from the address bar, home after 2 s', async () => {
  expect(memory.auth.pendingEmail()).toBe(ADMIN);
  let release: () => void = () => undefined;
  const completeSignIn = memory.auth.completeSignIn;
  memory.auth.completeSignIn = (t, e) => new Promise<void>((r) => (release = r)).then(() => completeSignIn(t, e));
  openLink(`?token=${token}`);
  expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
  expect(window.location.search).toBe('');
  expect(window.location.pathname).toBe('/finishSignIn');

  await act(async () => {
    release();
    await server.idle();
  });
  expect(screen.getByRole('status')).toHaveTextContent('You are signed in.');
  expect(authStore.getState().user).toEqual({ email: ADMIN, isAdmin: true });
  expect(memory.auth.pendingEmail()).toBeNull();

  act(() => jest.advanceTimersByTime(1999));
  expect(screen.queryByTestId('home')).toBeNull();
  act(() => jest.advanceTimersByTime(1));
  // She lands on her dashboard, not the home page: she signs in to run her business.
  expect(screen.getByTestId('home')).toHaveTextContent(/^\/admin$/);
});

test('without a stored e-mail: prompts for it, requires it, then signs in', async () => {
  localStorage.clear();
  openLink(`?token=${token}`);
  expect(window.location.search).toBe('');
  const box = screen.getByRole('textbox', { name: 'Email' });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(screen.getByRole('alert')).toHaveTextContent(/^Please enter your email\.$/);
  fireEvent.change(box, { target: { value: ADMIN } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  await flush();
  expect(screen.getByRole('status')).toHaveTextContent('You are signed in.');
  expect(await memory.auth.current()).toEqual({ email: ADMIN, isAdmin: true });
});

test('on another device "This is my device" is asked, unticked; ticked, the session is a trusted device', async () => {
  localStorage.clear();
  openLink(`?token=${token}`);
  const trust = screen.getByRole('checkbox', { name: 'This is my device: keep me signed in for 30 days' });
  expect(trust).not.toBeChecked();
  fireEvent.click(trust);
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: ADMIN } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  await flush();
  expect(screen.getByRole('status')).toHaveTextContent('You are signed in.');
  expect((await memory.auth.listTrustedDevices()).map((d) => d.current)).toEqual([true]);
});

test('without the tick the session is an ordinary one: no trusted device is listed', async () => {
  openLink(`?token=${token}`);
  await flush();
  expect(screen.getByRole('status')).toHaveTextContent('You are signed in.');
  expect(await memory.auth.listTrustedDevices()).toEqual([]);
});

test('no token in the address: "Invalid sign-in link."', () => {
  openLink('');
  expect(screen.getByRole('alert')).toHaveTextContent(/^Invalid sign-in link\.$/);
});

test('a spent, wrong or expired link: "Invalid sign-in link."', async () => {
  await memory.auth.completeSignIn(token, ADMIN);
  await memory.auth.requestLink(ADMIN);
  expect(memory.auth.pendingEmail()).toBe(ADMIN);
  openLink(`?token=${token}`);
  await flush();
  expect(screen.getByRole('alert')).toHaveTextContent(/^Invalid sign-in link\.$/);
  expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
});

test('another e-mail than the link\'s: "Invalid sign-in link."', async () => {
  localStorage.clear();
  openLink(`?token=${token}`);
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'someone@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  await flush();
  expect(screen.getByRole('alert')).toHaveTextContent(/^Invalid sign-in link\.$/);
  expect(await memory.auth.current()).toBeNull();
});

test('a network failure: "Sign-in failed. Try again.", and Try again prompts once more with the e-mail kept', async () => {
  server.failRequests('POST /api/auth/session');
  openLink(`?token=${token}`);
  await flush();
  expect(screen.getByRole('alert')).toHaveTextContent(/^Sign-in failed\. Try again\.$/);
  server.restoreNetwork();
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(ADMIN);
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  await flush();
  expect(screen.getByRole('status')).toHaveTextContent('You are signed in.');
});

test('once she has a passkey the link alone does not sign her in: she is asked for it, then home after 2 s', async () => {
  // An earlier visit added a passkey on this device.
  server.passkeyDevice();
  await memory.auth.completeSignIn(token, ADMIN);
  await memory.auth.addPasskey('Phone');
  await memory.auth.signOut();
  await memory.auth.requestLink(ADMIN);
  openLink(`?token=${await server.lastSignInToken()}`);
  await flush();
  expect(screen.getByText('One more step: confirm it is you with your passkey.')).toBeVisible();
  expect(screen.queryByText(/You are signed in/)).toBeNull();
  expect(authStore.getState().user).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Use my passkey' }));
  await flush();
  expect(screen.getByRole('status')).toHaveTextContent('You are signed in.');
  expect(authStore.getState().user).toEqual({ email: ADMIN, isAdmin: true });
  act(() => jest.advanceTimersByTime(2000));
  expect(screen.getByTestId('home')).toHaveTextContent('/');
});
