// Where the footer goes on every public page. The footer's code and its request for her details load only when the
// slot comes within a screen of the viewport: on a long page like '/', not during the first load at all.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const SiteFooter = lazy(() => import(/* webpackChunkName: "site-footer" */ './site-footer'));

export function FooterSlot() {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = slot.current;
    if (!el || typeof IntersectionObserver === 'undefined') return setNear(true);
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '200px 0px',
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, []);
  return <div ref={slot}>{near && <Suspense>{<SiteFooter />}</Suspense>}</div>;
}
