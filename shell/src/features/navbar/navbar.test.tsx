// docs/product.md §2: the logo gesture (three quick clicks) and the hidden sign-in form, against the real server
// (shared/src/test-support/studio-server.ts).
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from '@studio/shared/router';
import { authStore } from '@studio/shared/auth-store';
import { BackendError, type Backend } from '@studio/shared/backend';
import { SIGN_IN_MAIL_NOT_SENT } from '@studio/shared/messages';
import { studioServer, type StudioServer } from '@studio/shared/test-support/studio-server';
import { renderWithBackend } from '../../test-support/render';
import { Navbar } from './navbar';
import { LOGO_CLICK_WINDOW_MS } from './use-logo-gesture';

const ADMIN = 'admin@studio.test';

// The firebase package's module: the form must never load it (on the Firebase home too, the server mails the link).
let mockFirebaseLoads = 0;
jest.mock('../auth/firebase-sign-in', () => {
  mockFirebaseLoads += 1;
  return {};
});

let server: StudioServer;
let memory: Backend;
let unsubscribe: () => void;

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderNavbar(path = '/portfolio') {
  return renderWithBackend(
    <MemoryRouter initialEntries={[path]}>
      <Navbar brand="Ava Monroe" />
      <LocationProbe />
    </MemoryRouter>,
    memory,
  );
}

const logo = () => screen.getByRole('link', { name: /Ava Monroe/ });
const emailBox = () => screen.queryByRole('textbox', { name: 'Email' });
const location = () => screen.getByTestId('location').textContent;

/** n clicks on the logo, `gapMs` apart. */
function clickLogo(n: number, gapMs = 100) {
  for (let i = 0; i < n; i++) {
    if (i > 0) act(() => jest.advanceTimersByTime(gapMs));
    fireEvent.click(logo());
  }
}

beforeEach(async () => {
  jest.useFakeTimers();
  server = await studioServer();
  memory = server.backend();
  // What bootstrap.tsx does: the store follows the backend's auth changes.
  unsubscribe = memory.auth.onChange((user) => authStore.getState().setUser(user));
  authStore.getState().setUser(null);
});

afterEach(() => {
  unsubscribe();
  jest.useRealTimers();
});

describe('a visitor', () => {
  it('sees Home highlighted on a service page (the services live on the home page), and only the page of a path', () => {
    renderNavbar('/service/photoshoot');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveClass('active');
    expect(within(nav).getByRole('link', { name: 'Book' })).not.toHaveClass('active');
  });

  it('sees only the current section highlighted elsewhere', () => {
    renderNavbar('/portfolio/runway');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Portfolio' })).toHaveClass('active');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveClass('active');
  });

  test('a single click on the logo goes home, like any link', () => {
    renderNavbar('/portfolio');
    fireEvent.click(logo());
    expect(location()).toBe('/');
    expect(emailBox()).toBeNull();
  });

  test('three quick clicks open the hidden sign-in form; three more close it', () => {
    renderNavbar();
    expect(emailBox()).toBeNull();
    clickLogo(3);
    expect(emailBox()).toBeInTheDocument();
    expect(emailBox()).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send Link' })).toBeInTheDocument();
    clickLogo(3);
    expect(emailBox()).toBeNull();
  });

  test('two clicks do nothing, and neither do three slow ones', () => {
    renderNavbar();
    clickLogo(2);
    expect(emailBox()).toBeNull();
    act(() => jest.advanceTimersByTime(LOGO_CLICK_WINDOW_MS + 1));
    clickLogo(3, LOGO_CLICK_WINDOW_MS + 1);
    expect(emailBox()).toBeNull();
    // The slow clicks left no count behind: two more quick ones after the last are still only two.
    clickLogo(1, 100);
    expect(emailBox()).toBeNull();
    clickLogo(1, 100);
    expect(emailBox()).toBeInTheDocument();
  });

  test('Enter on the focused logo counts as a click (keyboard users)', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderNavbar();
    logo().focus();
    await user.keyboard('{Enter}{Enter}{Enter}');
    expect(emailBox()).toBeInTheDocument();
  });

  test('an empty e-mail gives "Please enter your email." and sends nothing', async () => {
    renderNavbar();
    clickLogo(3);
    fireEvent.click(screen.getByRole('button', { name: 'Send Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Please enter your email\.$/);
    await server.idle();
    expect(await server.outbox()).toEqual([]);
  });

  test("an address that is not the admin's gives the refusal and no mail is sent", async () => {
    renderNavbar();
    clickLogo(3);
    fireEvent.change(emailBox()!, { target: { value: 'someone@example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send Link' }));
      await server.idle();
    });
    expect(screen.getByRole('alert')).toHaveTextContent(/^Access denied\. Only authorized users can sign in\.$/);
    expect(await server.outbox()).toEqual([]);
  });

  // The mail server did not take the link (the server answers 503 in these words: server/test/mail-queue.test.ts).
  test('a link the mail server did not take: she reads that it was not sent, never "link sent"', async () => {
    memory.auth.requestLink = async () => {
      throw new BackendError('unavailable', SIGN_IN_MAIL_NOT_SENT, { status: 503 });
    };
    renderNavbar();
    clickLogo(3);
    fireEvent.change(emailBox()!, { target: { value: ADMIN } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send Link' }));
      await server.idle();
    });
    expect(screen.getByRole('alert')).toHaveTextContent(SIGN_IN_MAIL_NOT_SENT);
    expect(screen.queryByText('Sign-in link sent! Check your email.')).toBeNull();
  });

  test('the admin\'s address: a loading button, then "Sign-in link sent! Check your email." and the e-mail kept', async () => {
    let release: () => void = () => undefined;
    const requestLink = memory.auth.requestLink;
    memory.auth.requestLink = (email) =>
      new Promise<void>((resolve) => (release = resolve)).then(() => requestLink(email));
    renderNavbar();
    clickLogo(3);
    fireEvent.change(emailBox()!, { target: { value: ` ${ADMIN} ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Link' }));
    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await act(async () => {
      release();
      await server.idle();
    });
    expect(screen.getByRole('status')).toHaveTextContent(/^Sign-in link sent! Check your email\.$/);
    // Kept by the adapter for /finishSignIn in this browser.
    expect(memory.auth.pendingEmail()).toBe(ADMIN);
    expect((await server.outbox()).map((m) => m.recipient)).toEqual([ADMIN]);
    expect(screen.getByRole('button', { name: 'Send Link' })).toBeEnabled();
    expect(emailBox()).toHaveValue(ADMIN);
  });

  test('a failure gives "Failed to send sign-in link." and keeps what was typed', async () => {
    server.failRequests('POST /api/auth/link');
    renderNavbar();
    clickLogo(3);
    fireEvent.change(emailBox()!, { target: { value: ADMIN } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send Link' }));
      await server.idle();
    });
    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to send sign-in link\.$/);
    expect(emailBox()).toHaveValue(ADMIN);
    expect(memory.auth.pendingEmail()).toBeNull();
  });

  test('three clicks clear the error message', () => {
    renderNavbar();
    clickLogo(3);
    fireEvent.click(screen.getByRole('button', { name: 'Send Link' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(LOGO_CLICK_WINDOW_MS + 1));
    clickLogo(3);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => jest.advanceTimersByTime(LOGO_CLICK_WINDOW_MS + 1));
    clickLogo(3);
    expect(emailBox()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('no green dot and no Admin link', () => {
    renderNavbar();
    expect(screen.queryByRole('img', { name: 'Signed in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});

describe('the signed-in admin', () => {
  beforeEach(async () => {
    await server.signInAsAdmin(memory);
  });

  test('sees the green dot and the Admin link', () => {
    renderNavbar();
    expect(screen.getByRole('img', { name: 'Signed in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  test('three quick clicks sign out: the green dot and the Admin link go', async () => {
    renderNavbar('/portfolio');
    clickLogo(3);
    await act(() => server.idle());
    expect(await memory.auth.current()).toBeNull();
    expect(screen.queryByRole('img', { name: 'Signed in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(emailBox()).toBeNull();
  });

  test('the redirect to / comes 1 s after sign-out, not before', async () => {
    renderNavbar('/admin');
    const logoLink = logo();
    // Stop the link's own navigation to see the timed redirect alone.
    logoLink.addEventListener('click', (e) => e.preventDefault());
    clickLogo(3);
    await act(() => server.idle());
    expect(location()).toBe('/admin');
    act(() => jest.advanceTimersByTime(999));
    expect(location()).toBe('/admin');
    act(() => jest.advanceTimersByTime(1));
    expect(location()).toBe('/');
  });

  test('two clicks do not sign out', async () => {
    renderNavbar();
    clickLogo(2);
    await act(() => server.idle());
    expect(await memory.auth.current()).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Signed in' })).toBeInTheDocument();
  });
});

// Where the browser can use passkeys (a software authenticator behind navigator.credentials), the form
// offers "Sign in with passkey" first; on a device holding hers it signs her in with no e-mail, onto her dashboard.
describe('a browser with passkeys', () => {
  const passkeyButton = () => screen.queryByRole('button', { name: 'Sign in with passkey' });

  test('without WebAuthn the form has no passkey button, and the e-mail box has the focus', () => {
    renderNavbar();
    clickLogo(3);
    expect(passkeyButton()).toBeNull();
    expect(emailBox()).toHaveFocus();
  });

  test('her passkey alone signs her in: no mail, the form closes, and she lands on /admin', async () => {
    server.passkeyDevice();
    await server.signInAsAdmin(memory);
    await memory.auth.addPasskey('This phone');
    await memory.auth.signOut();
    const mailsBefore = (await server.outbox()).length;

    renderNavbar('/portfolio');
    clickLogo(3);
    // First in the form and focused; the e-mail link stays below it.
    const button = passkeyButton()!;
    expect(button).toHaveFocus();
    expect(button.compareDocumentPosition(emailBox()!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await act(async () => {
      fireEvent.click(button);
      await server.idle();
    });
    await server.settle();
    expect(location()).toBe('/admin');
    expect(screen.getByRole('img', { name: 'Signed in' })).toBeInTheDocument();
    expect(emailBox()).toBeNull();
    expect(await memory.auth.current()).toEqual({ email: ADMIN, isAdmin: true });
    expect(await server.outbox()).toHaveLength(mailsBefore);
  });

  test('a device holding none of her passkeys is told so, and the e-mail link still works', async () => {
    server.passkeyDevice();
    renderNavbar();
    clickLogo(3);
    await act(async () => {
      fireEvent.click(passkeyButton()!);
      await server.idle();
    });
    await server.settle();
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^No passkey on this device matches, or the request was cancelled\. Use the email link below\.$/,
    );
    expect(location()).not.toBe('/admin');
    expect(await memory.auth.current()).toBeNull();
    expect(passkeyButton()).toBeEnabled();
    // The e-mail box did nothing wrong.
    expect(emailBox()).not.toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(emailBox()!, { target: { value: ADMIN } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send Link' }));
      await server.idle();
    });
    expect(screen.getByRole('status')).toHaveTextContent(/^Sign-in link sent! Check your email\.$/);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

// On the Firebase home the form asks the server too (POST /api/auth/link, which has Firebase Auth make her link and
// mails it): never Firebase, which would mail a link to any address and skip the server's limits.
describe('on the Firebase home', () => {
  beforeEach(() => {
    document.head.innerHTML = `<script id="studio-config" type="application/json">${JSON.stringify({
      firebase: { webConfig: { apiKey: 'demo-api-key', authDomain: 'demo.firebaseapp.com', projectId: 'demo' } },
    })}</script>`;
  });

  afterEach(() => {
    document.head.innerHTML = '';
  });

  const send = async (address: string) => {
    renderNavbar();
    clickLogo(3);
    fireEvent.change(emailBox()!, { target: { value: address } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send Link' }));
      await server.idle();
    });
  };

  test("a stranger's address: the server's refusal, no mail, and Firebase never asked", async () => {
    await send('someone@example.com');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Access denied\. Only authorized users can sign in\.$/);
    expect(screen.queryByText('Sign-in link sent! Check your email.')).toBeNull();
    expect(await server.outbox()).toEqual([]);
    expect(memory.auth.pendingEmail()).toBeNull();
    expect(mockFirebaseLoads).toBe(0);
  });

  test('her address: the server mails the link, the address is kept for /finishSignIn, Firebase never asked', async () => {
    await send(ADMIN);
    expect(screen.getByRole('status')).toHaveTextContent(/^Sign-in link sent! Check your email\.$/);
    expect((await server.outbox()).map((m) => m.recipient)).toEqual([ADMIN]);
    expect(memory.auth.pendingEmail()).toBe(ADMIN);
    expect(mockFirebaseLoads).toBe(0);
  });
});
