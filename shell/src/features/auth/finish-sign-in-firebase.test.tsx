// /finishSignIn with Firebase's link form (`?mode=signIn&oobCode=…`) on the Firebase home; the `?token=` form is
// finish-sign-in-page.test.tsx. Firebase Auth cannot be reached from jsdom (the Auth emulator tests of
// firebase/test/emulator/firebase-home-sign-in.test.ts spend real links), so the shell's wrapper around it stands in
// here, and the server's answer to the exchange is given per test.
import { act, fireEvent, screen } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from '@studio/shared/router';
import { authStore } from '@studio/shared/auth-store';
import { studioServer, type StudioServer } from '@studio/shared/test-support/studio-server';
import { renderWithBackend } from '../../test-support/render';
import { FinishSignInPage } from './finish-sign-in-page';

const ADMIN = 'admin@studio.test';
const GOOD = '?mode=signIn&oobCode=good-code&apiKey=demo-api-key';

jest.mock('./firebase-sign-in', () => ({
  isFirebaseSignInLink: (_config: unknown, href: string) => href.includes('mode=signIn') && href.includes('oobCode='),
  idTokenFromLink: async (_config: unknown, email: string, href: string) => {
    if (!href.includes('good-code') || email !== 'admin@studio.test') {
      throw Object.assign(new Error('invalid'), { code: 'auth/invalid-action-code' });
    }
    return 'id-token-of-the-link';
  },
  forgetEmail: () => localStorage.removeItem('studio.emailForSignIn'),
}));

let answer: { status: number; body: unknown };
let sent: unknown[];
let server: StudioServer;

// The real server for the page's backend; the exchange's own answer is given per test (the fetch below).
beforeEach(async () => {
  server = await studioServer();
  localStorage.clear();
  authStore.getState().setUser(null);
  sent = [];
  answer = { status: 200, body: { user: { email: ADMIN, isAdmin: true } } };
  // The page's other requests (asking for the link) reach the real server.
  const serverFetch = global.fetch;
  global.fetch = jest.fn(async (url: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (String(url) !== '/api/auth/firebase') return serverFetch(url, init);
    sent.push(JSON.parse(String(init?.body)));
    // jsdom has no Response: the parts the exchange reads.
    return { ok: answer.status < 300, status: answer.status, json: async () => answer.body } as Response;
  }) as typeof fetch;
  document.head.innerHTML = `<script id="studio-config" type="application/json">${JSON.stringify({
    firebase: { webConfig: { apiKey: 'demo-api-key', authDomain: 'demo.firebaseapp.com', projectId: 'demo' } },
  })}</script>`;
});

afterEach(() => {
  document.head.innerHTML = '';
});

async function openLink(search: string) {
  window.history.replaceState(null, '', `/finishSignIn${search}`);
  renderWithBackend(
    <BrowserRouter>
      <Routes>
        <Route path="/finishSignIn" element={<FinishSignInPage />} />
      </Routes>
    </BrowserRouter>,
    server.backend(localStorage),
  );
  await act(async () => undefined);
}

test('with the address remembered: signs in with the link, trades its ID token, the link gone from the address bar', async () => {
  localStorage.setItem('studio.emailForSignIn', ADMIN);
  await openLink(GOOD);
  expect(window.location.search).toBe('');
  expect(await screen.findByText(/You are signed in\./)).toBeInTheDocument();
  expect(sent).toEqual([{ idToken: 'id-token-of-the-link', trustDevice: false }]);
  expect(authStore.getState().user).toEqual({ email: ADMIN, isAdmin: true });
  expect(localStorage.getItem('studio.emailForSignIn')).toBeNull();
});

// The form asks the server for the link on this home too (POST /api/auth/link); the address the http adapter keeps
// is the one Firebase's link is spent with.
test('asked for in this browser through the server: the link signs in without asking for the address', async () => {
  await server.backend(localStorage).auth.requestLink(ADMIN);
  expect(localStorage.getItem('studio.emailForSignIn')).toBe(ADMIN);
  await openLink(GOOD);
  expect(await screen.findByText(/You are signed in\./)).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
  expect(sent).toEqual([{ idToken: 'id-token-of-the-link', trustDevice: false }]);
  expect(localStorage.getItem('studio.emailForSignIn')).toBeNull();
});

test('"This is my device" ticked when she asked for the link in this browser: the exchange asks for a trusted session', async () => {
  localStorage.setItem('studio.emailForSignIn', ADMIN);
  localStorage.setItem('studio.trustThisDevice', '1');
  await openLink(GOOD);
  expect(await screen.findByText(/You are signed in\./)).toBeInTheDocument();
  expect(sent).toEqual([{ idToken: 'id-token-of-the-link', trustDevice: true }]);
  // Spent with the link.
  expect(localStorage.getItem('studio.trustThisDevice')).toBeNull();
});

test('on another device: asks for the address, then signs in', async () => {
  await openLink(GOOD);
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: ADMIN } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByText(/You are signed in\./)).toBeInTheDocument();
});

test('once she has a passkey the exchange opens the passkey step, not a session', async () => {
  localStorage.setItem('studio.emailForSignIn', ADMIN);
  answer = { status: 200, body: { secondFactor: 'passkey' } };
  await openLink(GOOD);
  expect(await screen.findByRole('heading', { name: 'Signing in' })).toBeInTheDocument();
  expect(screen.queryByText(/You are signed in\./)).toBeNull();
  expect(authStore.getState().user).toBeNull();
});

test("a link Firebase refuses, or the server's 401, is 'Invalid sign-in link.'", async () => {
  localStorage.setItem('studio.emailForSignIn', ADMIN);
  await openLink('?mode=signIn&oobCode=spent-code');
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid sign-in link\.$/);
  expect(sent).toEqual([]);
});

test("another address's good link: the server's 403 is the spec's access-denied text", async () => {
  localStorage.setItem('studio.emailForSignIn', ADMIN);
  answer = { status: 403, body: { message: 'Access denied. Only authorized users can sign in.' } };
  await openLink(GOOD);
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Access denied\. Only authorized users can sign in\.$/);
  expect(authStore.getState().user).toBeNull();
});

test('a page without either link form is an invalid link', async () => {
  await openLink('?mode=resetPassword');
  expect(screen.getByRole('alert')).toHaveTextContent(/^Invalid sign-in link\.$/);
});
