// /admin: admin-app is downloaded only for the signed-in admin; anyone else gets the spec's refusal.
import { selectIsAdmin, useAuth } from '@studio/shared/auth-store';
import { RemoteApp, Loading } from '../features/remotes/remote-app';
import { messages } from '../messages';

export function AdminRoute() {
  const status = useAuth((s) => s.status);
  const isAdmin = useAuth(selectIsAdmin);
  if (status === 'unknown') return <Loading />;
  if (!isAdmin) {
    return (
      <section className="page access-denied">
        <p role="alert">{messages.accessDenied}</p>
      </section>
    );
  }
  return <RemoteApp remote="admin-app" />;
}
