// The site's navigation bar: Home, Portfolio, About, Book, plus Admin for the signed-in admin (SPEC §2).
import { NavLink, Link } from '@studio/shared/router';
import { selectIsAdmin, useAuth } from '@studio/shared/auth-store';
import { messages } from '../../messages';
import { ThemeToggle } from '../theme/theme-toggle';

export function Navbar({ brand }: { brand: string }) {
  const isAdmin = useAuth(selectIsAdmin);
  const signedIn = useAuth((s) => s.status === 'signed-in');
  const links: Array<[string, string]> = [
    ['/', messages.nav.home],
    ['/portfolio', messages.nav.portfolio],
    ['/about', messages.nav.about],
    ['/book-me', messages.nav.book],
    ...(isAdmin ? ([['/admin', messages.nav.admin]] as Array<[string, string]>) : []),
  ];
  return (
    <header className="navbar">
      <Link to="/" className="navbar-logo">
        {brand}
        {signedIn && <span className="status-dot" role="img" aria-label={messages.signedIn} />}
      </Link>
      <nav aria-label="Main">
        <ul className="navbar-links">
          {links.map(([to, label]) => (
            <li key={to}>
              <NavLink to={to} end={to === '/'}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ThemeToggle />
    </header>
  );
}
