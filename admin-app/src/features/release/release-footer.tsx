// The dashboard's footer: the release the site runs. Nothing while it loads or when the server does not say.
import { messages } from '../../messages';
import { useRelease } from './api/get-release';

export function ReleaseFooter() {
  const release = useRelease();
  if (release.status !== 'ready') return null;
  return <footer className="admin-footer muted">{messages.release(release.data)}</footer>;
}
