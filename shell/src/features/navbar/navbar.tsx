// The site's navigation bar: Home, Portfolio, About, Book, plus Admin for the signed-in admin (docs/product.md §2). The logo
// is a link home; three quick clicks on it sign the admin out, or open and close the hidden sign-in form. Her account
// lives on its own origin (runtime-config.ts, siteOrigins): on the public origin the gesture takes her to that origin's
// sign-in form, and on hers the public pages' links lead to the public origin.
import { useEffect, useRef, useState } from 'react';
import { NavLink, Link, useLocation, useNavigate } from '@studio/shared/router';
import { useBackend } from '@studio/shared/data';
import { SIGN_OUT_REDIRECT_MS } from '@studio/shared/shell-timing';
import { useLogoGesture } from './use-logo-gesture';
import { SignInForm, type SignInNotice } from './sign-in-form';
import './navbar.css';
import { selectIsAdmin, useAuth } from '@studio/shared/auth-store';
import { messages } from '../../messages';
import { ThemeToggle } from '../theme/theme-toggle';
import { siteOrigins } from '../../runtime-config';

/** The address her name's gesture on the public origin opens: her origin's sign-in form. */
export const SIGN_IN_HASH = '#sign-in';

export function Navbar({ brand }: { brand: string }) {
  const backend = useBackend();
  const isAdmin = useAuth(selectIsAdmin);
  const signedIn = useAuth((s) => s.status === 'signed-in');
  const origins = siteOrigins();
  const navigate = useNavigate();
  const [formOpen, setFormOpen] = useState(() => origins.onAdmin && window.location.hash === SIGN_IN_HASH);
  const [notice, setNotice] = useState<SignInNotice>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);
  // Signing in elsewhere (the /finishSignIn page) closes the form.
  useEffect(() => {
    if (isAdmin) setFormOpen(false);
  }, [isAdmin]);

  const onLogoGesture = useLogoGesture(() => {
    setNotice(null);
    if (!origins.onAdmin && origins.admin !== origins.public) {
      window.location.assign(`${origins.admin}/admin${SIGN_IN_HASH}`);
      return;
    }
    if (!isAdmin) {
      setFormOpen((open) => !open);
      return;
    }
    backend.auth.signOut().then(
      () => {
        setNotice({ kind: 'success', text: messages.signIn.signedOut });
        clearTimeout(redirect.current);
        redirect.current = setTimeout(() => {
          setNotice(null);
          // From her origin home is the public origin's; one origin (no origins configured) stays in the app.
          if (origins.onAdmin) window.location.assign(`${origins.public}/`);
          else navigate('/');
        }, SIGN_OUT_REDIRECT_MS);
      },
      () => setNotice({ kind: 'error', text: messages.signIn.signOutFailed }),
    );
  });

  const onServicePage = useLocation().pathname.startsWith('/service/');
  const links: Array<[string, string]> = [
    ['/', messages.nav.home],
    ['/portfolio', messages.nav.portfolio],
    ['/about', messages.nav.about],
    ['/book-me', messages.nav.book],
    ...(isAdmin ? ([['/admin', messages.nav.admin]] as Array<[string, string]>) : []),
  ];
  return (
    <header className="navbar">
      {/* On her origin the logo stays there: a click toward the public origin would leave before the third. */}
      <Link to={origins.onAdmin ? '/admin' : '/'} className="navbar-logo" onClick={onLogoGesture} data-island="sign-in">
        {brand}
        {signedIn && <span className="status-dot" role="img" aria-label={messages.signedIn} />}
      </Link>
      {/* Right after the logo in tab order (the gesture's keyboard users land next to it); shown on a row of its
          own below the links (navbar.css). */}
      {formOpen && !isAdmin && <SignInForm notice={notice} onNotice={setNotice} />}
      {!formOpen && notice && (
        <p
          className={`navbar-notice ${notice.kind === 'error' ? 'is-error' : 'is-success'}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      <nav aria-label="Main">
        <ul className="navbar-links">
          {links.map(([to, label]) => (
            <li key={to}>
              {origins.onAdmin && to !== '/admin' ? (
                <a href={`${origins.public}${to}`}>{label}</a>
              ) : (
                <NavLink
                  to={to}
                  end={to === '/'}
                  // A service's page belongs to the services on the home page: Home stays highlighted there.
                  className={({ isActive }) => (isActive || (to === '/' && onServicePage) ? 'active' : '')}
                >
                  {label}
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <ThemeToggle />
    </header>
  );
}
