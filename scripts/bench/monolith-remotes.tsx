// The monolithic baseline's stand-in for the shell's remote loading: public-site's app bundled directly, with no
// federation runtime. Aliased over shell/src/features/remotes/* by monolith.webpack.cjs (bench only).
import type { RuntimeConfig } from '@studio/shared/domain';
import PublicSiteApp from '../../public-site/src/app/app';

export function configureRemotes(_config: RuntimeConfig) {}

export function Loading() {
  return <div className="page-loading" role="status" aria-live="polite" />;
}

/** The admin's app is not part of the public pages the baseline measures. */
export function RemoteApp({ remote }: { remote: 'public-site' | 'admin-app' }) {
  return remote === 'public-site' ? <PublicSiteApp /> : null;
}
