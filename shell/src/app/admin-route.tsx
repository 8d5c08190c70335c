// /admin: admin-app is downloaded only for the signed-in admin; anyone else gets the refusal of docs/product.md §6.
import { selectIsAdmin, useAuth } from '@studio/shared/auth-store';
import { Link, useLocation } from '@studio/shared/router';
import { SIGN_IN_HASH } from '../features/navbar/navbar';
import { RemoteApp } from '../features/remotes/remote-app';
import { AdminSkeleton } from './admin-skeleton';
import { messages } from '../messages';

export function AdminRoute() {
  const status = useAuth((s) => s.status);
  const isAdmin = useAuth(selectIsAdmin);
  const { hash } = useLocation();
  // The dashboard's outline from the first moment: while the session is checked and while her code loads.
  if (status === 'unknown') return <AdminSkeleton />;
  // Her name's gesture on the public site lands here signed out, with the sign-in form open: the form is the page
  // then, and a refusal under it would greet her with "403" before she has had the chance to sign in.
  if (status === 'signed-out' && hash === SIGN_IN_HASH) return null;
  if (!isAdmin) {
    return (
      // Laid out like the public site's not-found page, with the same way back.
      <section className="page access-denied" role="alert" aria-labelledby="access-denied-title">
        <p className="access-denied-code">403</p>
        <h1 id="access-denied-title">{messages.accessDenied.title}</h1>
        <p className="muted">{messages.accessDenied.body}</p>
        <Link className="btn btn-primary" to="/">
          {messages.accessDenied.home}
        </Link>
      </section>
    );
  }
  return <RemoteApp remote="admin-app" fallback={<AdminSkeleton />} />;
}
