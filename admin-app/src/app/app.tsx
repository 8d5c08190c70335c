// The admin dashboard (docs/product.md §2), loaded only for the signed-in admin: two tabs (bookings, availability), the SMS
// setting and contract export. Both live subscriptions run for the whole visit, so a new request shows even while
// the availability tab is open.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { format } from 'date-fns';
import { useNavigate } from '@studio/shared/router';
import { backend } from '@studio/shared/backend';
import { authStore } from '@studio/shared/auth-store';
import type { BookingRequest } from '@studio/shared/domain';
import { messages } from '../messages';
import { useBookings } from '../features/bookings/use-bookings';
import { BookingsPanel } from '../features/bookings/bookings-panel';
import { useAvailability } from '../features/availability/use-availability';
import { AvailabilityPanel } from '../features/availability/availability-panel';
import { SmsSetting } from '../features/settings/sms-setting';
import { ContractDialog } from '../features/contracts/contract-dialog';
import './app.css';

const TABS = ['bookings', 'availability'] as const;
type Tab = (typeof TABS)[number];

function Loading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{messages.loading}</span>
    </div>
  );
}

export default function AdminApp() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('bookings');
  const [contractFor, setContractFor] = useState<BookingRequest | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ bookings: null, availability: null });
  const { bookings, error: bookingsError } = useBookings();
  const { availability, error: availabilityError } = useAvailability();
  const today = format(new Date(), 'yyyy-MM-dd');

  const liveError = bookingsError ?? availabilityError;

  // The server refused the live stream: the session ended elsewhere (expiry, another tab). Ask who is signed in, so
  // the shell's navbar stops showing a session that is gone.
  const refused = liveError?.code === 'unauthenticated';
  useEffect(() => {
    if (!refused) return;
    backend.auth.current().then(
      (user) => authStore.getState().setUser(user),
      () => undefined,
    );
  }, [refused]);

  const signOut = async () => {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await backend.auth.signOut();
      navigate('/');
    } catch {
      setSignOutError(messages.signOutFailed);
      setSigningOut(false);
    }
  };

  // WAI-ARIA tabs: arrow keys move between tabs (and select them), Home and End jump to the ends.
  const onTabKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className="page admin-dashboard">
      <header className="admin-header">
        <div>
          <h1>{messages.title}</h1>
          <p className="muted">{messages.intro}</p>
        </div>
        <button
          type="button"
          className="btn"
          onClick={() => void signOut()}
          disabled={signingOut}
          aria-busy={signingOut}
        >
          {signingOut ? messages.signingOut : messages.signOut}
        </button>
      </header>
      {signOutError && (
        <p className="alert alert-error" role="alert">
          {signOutError}
        </p>
      )}
      {liveError && (
        <p className="alert alert-error" role="alert">
          {liveError.code === 'unauthenticated' ? messages.liveStopped : messages.liveFailed}
        </p>
      )}

      <div className="admin-tabs" role="tablist" aria-label={messages.tabsLabel} onKeyDown={onTabKeyDown}>
        {TABS.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            className="admin-tab"
            onClick={() => setTab(t)}
          >
            {messages.tabs[t]}
            {t === 'bookings' && bookings && <span className="admin-tab-count">{bookings.length}</span>}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id="panel-bookings"
        aria-labelledby="tab-bookings"
        hidden={tab !== 'bookings'}
        tabIndex={0}
        className="admin-panel"
      >
        <div className="admin-bookings-layout">
          {bookings ? <BookingsPanel bookings={bookings} onGenerateContract={setContractFor} /> : <Loading />}
          <aside>
            <SmsSetting />
          </aside>
        </div>
      </div>
      <div
        role="tabpanel"
        id="panel-availability"
        aria-labelledby="tab-availability"
        hidden={tab !== 'availability'}
        tabIndex={0}
        className="admin-panel"
      >
        {availability ? <AvailabilityPanel availability={availability} today={today} /> : <Loading />}
      </div>

      {contractFor && <ContractDialog booking={contractFor} today={today} onClose={() => setContractFor(null)} />}
    </section>
  );
}
