// A public address opened on her origin (a link, the back button): the page is the public origin's, where public-site
// runs. Her origin never loads public-site (features/remotes/remote-loader.ts).
import { useEffect } from 'react';
import { useLocation } from '@studio/shared/router';
import { Loading } from '../features/remotes/remote-app';
import { siteOrigins } from '../runtime-config';

export function ToPublicOrigin() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${siteOrigins().public}${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <Loading />;
}
