// Work she has not saved asks before she leaves it. A screen with unsaved changes (or files still uploading) says so
// with useUnsavedChanges; then every way out of it inside the page asks first in the app's own dialog, Stay (the
// changes stay as they are) or Leave (they are discarded, then she goes): the dashboard's tabs and its Sign out, the
// Content tab's areas (each calls `leave`), and any link in the page, the shell's navigation bar included (a click
// caught before the router or the browser acts on it, and given again once she chose Leave). The browser's own ways
// out (reload, closing the tab, an address typed) cannot show a page's dialog: `beforeunload` asks the browser's
// question there. A phone's browser may not ask that one (Safari on iOS never does), which is why every way out
// that the page itself offers asks in the page.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from '@studio/shared/router';
import { ConfirmDialog } from './confirm-dialog';

/** What the dialog says, in the words of the screen that asks. */
export interface LeaveQuestion {
  title: string;
  body: string;
  stay: string;
  leave: string;
}

interface Entry {
  /** Something is unsaved: leaving asks. */
  unsaved: boolean;
  question: LeaveQuestion;
  /** Drops the unsaved changes (she chose Leave). */
  discard(): void;
}

interface LeaveGuard {
  /** Runs `go` at once when nothing is unsaved; otherwise asks, and runs it only once she chose Leave. */
  leave(go: () => void): void;
  register(entry: { current: Entry }): () => void;
  /** True once she chose Leave: the browser is not to ask its own question on top of hers. */
  released: { current: boolean };
}

// Without a provider (a screen rendered on its own) nothing in the page asks; the browser's question still does.
const NoGuard: LeaveGuard = { leave: (go) => go(), register: () => () => undefined, released: { current: false } };
const LeaveGuardContext = createContext<LeaveGuard>(NoGuard);

/** `leave(go)`: how a control that moves her away from the screen she is on goes, asking first when work is unsaved. */
export const useLeave = () => useContext(LeaveGuardContext).leave;

/**
 * The link a click leaves by: none for a modified click (a new tab or window), a link to another window or a
 * download, or one to the page she is on (`here`, the router's address): the skip link, the logo on her origin.
 */
function leavingLink(event: MouseEvent, here: { pathname: string; search: string }): HTMLAnchorElement | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const to = new URL(link.href, window.location.href);
  if (to.origin === window.location.origin && to.pathname === here.pathname && to.search === here.search) return null;
  return link;
}

export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const entries = useRef(new Set<{ current: Entry }>());
  const released = useRef(false);
  // The link whose click is given again after Leave: it passes.
  const passing = useRef<HTMLAnchorElement | null>(null);
  const [asking, setAsking] = useState<{ question: LeaveQuestion; go: () => void } | null>(null);
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  });

  const guard = useMemo<LeaveGuard>(() => {
    const unsaved = () => [...entries.current].map((e) => e.current).filter((e) => e.unsaved);
    return {
      leave: (go) => {
        const first = unsaved()[0];
        if (first) setAsking({ question: first.question, go });
        else go();
      },
      register: (entry) => {
        entries.current.add(entry);
        return () => entries.current.delete(entry);
      },
      released,
    };
  }, []);

  useEffect(() => {
    // Capture, on the document: before the router's link (or the browser) acts on the click.
    const onClick = (event: MouseEvent) => {
      const link = leavingLink(event, here.current);
      if (!link || link === passing.current) return;
      if (![...entries.current].some((e) => e.current.unsaved)) return;
      event.preventDefault();
      event.stopPropagation();
      guard.leave(() => {
        if (!link.isConnected) {
          window.location.assign(link.href);
          return;
        }
        passing.current = link;
        try {
          link.click();
        } finally {
          passing.current = null;
        }
      });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [guard]);

  const leaveAnyway = async () => {
    if (!asking) return;
    released.current = true;
    for (const entry of entries.current) if (entry.current.unsaved) entry.current.discard();
    // The dialog goes first, handing focus back to what opened it; then `go` may move focus on (the next tab).
    flushSync(() => setAsking(null));
    asking.go();
  };

  return (
    <LeaveGuardContext.Provider value={guard}>
      {children}
      {asking && (
        <ConfirmDialog
          title={asking.question.title}
          body={asking.question.body}
          cancelLabel={asking.question.stay}
          confirmLabel={asking.question.leave}
          onConfirm={leaveAnyway}
          onClose={() => setAsking(null)}
        />
      )}
    </LeaveGuardContext.Provider>
  );
}

/**
 * Says that the screen has unsaved work while `unsaved` holds: leaving it inside the page asks `question` first
 * (LeaveGuardProvider), and the browser asks its own question before the page goes (reload, close, another address).
 */
export function useUnsavedChanges(unsaved: boolean, question: LeaveQuestion, discard: () => void) {
  const guard = useContext(LeaveGuardContext);
  const entry = useRef<Entry>({ unsaved, question, discard });
  useEffect(() => {
    entry.current = { unsaved, question, discard };
  });
  useEffect(() => guard.register(entry), [guard]);
  useEffect(() => {
    if (!unsaved) return;
    guard.released.current = false;
    const warn = (event: BeforeUnloadEvent) => {
      if (guard.released.current) return;
      event.preventDefault();
      // Browsers from before preventDefault asked only when a return value was set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved, guard]);
}
