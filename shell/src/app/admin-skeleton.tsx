// What /admin shows while the dashboard's code and first data load (never a blank page on a slow line): the
// dashboard's outline (its heading, its tabs, three cards), announced as loading. The server writes the same markup
// into /admin's HTML (server/src/features/pages/static-files.ts, ADMIN_SKELETON), so it shows before any script has run;
// the admin-app's bookings list shows the same cards until its first answer.
import { messages } from '../messages';

export function AdminSkeleton() {
  return (
    <div className="page admin-skeleton" role="status" data-testid="admin-skeleton">
      <span className="visually-hidden">{messages.loading}</span>
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-tabs" />
      <div className="skeleton skeleton-card" />
      <div className="skeleton skeleton-card" />
      <div className="skeleton skeleton-card" />
    </div>
  );
}
