// Where the footer goes on every public page. In the browser the footer's code and its request for her details load
// only when the slot comes within a screen of the viewport: on a long page like '/', not during the first load at all.
// The server renders the footer into the page (so a page read without JavaScript has one too), and the browser keeps
// that markup as it is, unhydrated, until its own footer takes over near the bottom of the page.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const SiteFooter = lazy(() => import(/* webpackChunkName: "site-footer" */ './site-footer'));

const onServer = typeof window === 'undefined';

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
  if (onServer) {
    return (
      <div>
        <div>
          <Suspense>
            <SiteFooter />
          </Suspense>
        </div>
      </div>
    );
  }
  return (
    <div ref={slot}>
      {/* The server's footer, left as sent: React does not hydrate the inside of an element given its inner HTML. */}
      {!near && <div dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />}
      {near && (
        <Suspense>
          <SiteFooter />
        </Suspense>
      )}
    </div>
  );
}
