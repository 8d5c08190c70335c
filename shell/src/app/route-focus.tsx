// After a navigation inside the site, focus goes to the new page's heading, as a page load would take a screen reader
// and keyboard user to the top: otherwise focus stays on the link just clicked, in a page that is no longer there.
// The first page of a visit is left alone (the browser starts at the top). A page whose code is still loading gets
// its heading focused when it appears, unless the visitor has put focus somewhere else meanwhile (opened the sign-in
// form, say): the heading never takes focus from what she chose. Nor from a form or dialog outside the page: the
// logo's gesture both goes home and opens the sign-in form, whose first control takes focus, and the navigation
// (a transition) may commit after the form has opened, so focus is already in the form when the route changes.
import { useEffect, useRef } from 'react';
import { useLocation } from '@studio/shared/router';

const HEADING_WAIT_MS = 5000;

export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    const focusAtNavigation = document.activeElement;
    const movedByVisitor = () => {
      const now = document.activeElement;
      return now !== null && now !== document.body && now !== focusAtNavigation && now.isConnected;
    };
    /** Focus in a form or dialog outside the page (the navbar's sign-in form): she is working there. */
    const inOpenedControl = () => {
      const now = document.activeElement;
      return (
        now !== null && now.isConnected && !main.contains(now) && now.closest('form, dialog, [role="dialog"]') !== null
      );
    };
    const focusHeading = () => {
      if (movedByVisitor() || inOpenedControl()) return true;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => focusHeading() && observer.disconnect());
    observer.observe(main, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [pathname]);
  return null;
}
