// The admin dashboard (docs/product.md §2), loaded only for the signed-in admin: four tabs (bookings, availability,
// her site's content, deployments), her passkeys, the SMS setting and contract export. Both live
// subscriptions run for the whole visit, so a new request shows even while the availability tab is open.
// First: zod must be told before the shared schemas are built (see the module).
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { studioClockOf } from '@studio/shared/domain/studio-time';
import { useNavigate } from '@studio/shared/router';
import { useQueryCache } from '@studio/shared/data';
import type { BookingRequest } from '@studio/shared/domain';
import { Loading } from '../components/loading';
import { LeaveGuardProvider, useLeave } from '../components/leave-guard';
import { messages } from '../messages';
import { bookingMessages } from '../features/bookings/messages';
import { adminKey } from '../lib/query-keys';
import {
  useAllBookingsRead,
  useBookings,
  useNewBookingCount,
  type BookingFilter,
} from '../features/bookings/api/get-bookings';
import { BookingsPanel } from '../features/bookings/bookings-panel';
import { useAdminAvailability } from '../features/availability/api/get-admin-availability';
import { AvailabilityPanel } from '../features/availability/availability-panel';
import { useCheckSession } from '../features/session/api/check-session';
import { useSignOut } from '../features/session/api/sign-out';
import { MailBanner } from '../features/settings/mail-banner';
import { StorageBanner } from '../features/settings/storage-banner';
import { SmsSetting } from '../features/settings/sms-setting';
import { CalendarFeedSection } from '../features/calendar-feed/calendar-feed-section';
import { PasskeysSection } from '../features/passkeys/passkeys-section';
import { TrustedDevicesSection } from '../features/trusted-devices/trusted-devices-section';
import { ContractDialog } from '../features/contracts/contract-dialog';
import { QuoteDialog } from '../features/quotes/quote-dialog';
import { QuoteSettingsSection } from '../features/quotes/quote-settings-section';
import { ContractStateBadge } from '../features/contracts/contract-state-badge';
import { useContractStates } from '../features/contracts/api/get-contract-states';
import { ClientActionsButton } from '../features/client-actions/client-actions-button';
import { DigestSetting } from '../features/client-actions/digest-setting';
import { useLinkedBooking } from '../features/client-actions/use-linked-booking';
import { useDeployments } from '../features/deployments/api/get-deployments';
import { ReleaseFooter } from '../features/release/release-footer';
import './app.css';

// Her content editors are a chunk of their own, fetched when she first opens the tab.
const ContentPanel = lazy(() => import(/* webpackChunkName: "admin-content" */ '../features/content/content-panel'));
// The Deployments view is a chunk of its own, fetched the first time she opens its tab.
const DeploymentsPanel = lazy(() => import('../features/deployments/deployments-panel'));

const TABS = ['bookings', 'availability', 'content', 'deployments'] as const;
// Deployments is a developer's view: shown only once a deploy token was issued; she runs no deploys.
const TABS_WITHOUT_DEPLOYS: readonly Tab[] = TABS.filter((t) => t !== 'deployments');
const NO_BOOKINGS: BookingRequest[] = [];
type Tab = (typeof TABS)[number];

/** One tab's panel (WAI-ARIA tabs): labelled by its tab, hidden while another tab is chosen, focusable. */
function TabPanel({ tab, shown, children }: { tab: Tab; shown: boolean; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={`panel-${tab}`}
      aria-labelledby={`tab-${tab}`}
      hidden={!shown}
      tabIndex={0}
      className="admin-panel"
    >
      {children}
    </div>
  );
}

/** The dashboard inside its leave guard: work she has not saved asks before any way out of it (leave-guard.tsx). */
export default function AdminApp() {
  return (
    <LeaveGuardProvider>
      <Dashboard />
    </LeaveGuardProvider>
  );
}

function Dashboard() {
  const navigate = useNavigate();
  const leave = useLeave();
  const [tab, setTab] = useState<Tab>('bookings');
  const [contractFor, setContractFor] = useState<BookingRequest | null>(null);
  const [quoteFor, setQuoteFor] = useState<BookingRequest | null>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({
    bookings: null,
    availability: null,
    content: null,
    deployments: null,
  });
  // Mounted once opened, then kept (hidden) so a half-edited form survives a look at the bookings.
  const [contentOpened, setContentOpened] = useState(false);
  useEffect(() => {
    if (tab === 'content') setContentOpened(true);
  }, [tab]);
  const [filter, setFilter] = useState<BookingFilter>('all');
  const [search, setSearch] = useState('');
  // Her mail's link to a booking (/admin/bookings/<id>) opens the list on that booking.
  const linkedBooking = useLinkedBooking((reference) => {
    setTab('bookings');
    setFilter('all');
    setSearch(reference);
  });
  const { list: bookings, error: bookingsError, live: bookingsLive } = useBookings(filter, search);
  // The calendar shows the bookings read so far, whatever the list's filter.
  const everyBooking = useAllBookingsRead(bookingsLive);
  const allBookings = everyBooking.status === 'ready' ? everyBooking.data.items : NO_BOOKINGS;
  // The badge counts New requests, kept while it is read again after a change, so it does not blink.
  const newCount = useNewBookingCount();
  const lastNewCount = useRef<number | null>(null);
  if (newCount.status === 'ready') lastNewCount.current = newCount.data.new;
  const shownNewCount = lastNewCount.current;
  const { data: availability, error: availabilityError } = useAdminAvailability();
  // The same query as the Deployments view's (one request): its answer says whether deploy tokens exist.
  const deployments = useDeployments();
  const tabs: readonly Tab[] = deployments.data?.tokens ? TABS : TABS_WITHOUT_DEPLOYS;
  // Each booking's contract state, live. A backend without contracts simply shows none.
  const { states: contractStates } = useContractStates();
  const checkSession = useCheckSession();
  const signOut = useSignOut();
  const cache = useQueryCache();
  // The studio's day (its TIMEZONE, as the server wrote it into the page), not the day where her laptop is.
  const today = studioClockOf().today;

  const liveError = bookingsError ?? availabilityError;

  // The cache outlives the dashboard (the shell provides it for the whole visit): what the dashboard read about
  // clients goes with it, whichever way the admin leaves (Sign out, the logo gesture, a public page). Coming back
  // reopens the live streams and reads the lists again anyway.
  useEffect(() => () => cache.invalidate(adminKey), [cache]);

  // The server refused the live stream: the session ended elsewhere (expiry, another tab). Ask who is signed in, so
  // the shell's navbar stops showing a session that is gone.
  const refused = liveError?.code === 'unauthenticated';
  useEffect(() => {
    if (refused) void checkSession();
  }, [refused, checkSession]);

  // Still "signing out" after success: the button stays disabled until the navigation unmounts the dashboard.
  const signingOut = signOut.status === 'pending' || signOut.status === 'success';
  const onSignOut = () =>
    leave(
      () =>
        void signOut.mutate().then(
          () => navigate('/'),
          // The failure shows from the mutation's state.
          () => undefined,
        ),
    );

  // WAI-ARIA tabs: arrow keys move between tabs (and select them), Home and End jump to the ends.
  const onTabKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    leave(() => {
      setTab(next);
      tabRefs.current[next]?.focus();
    });
  };

  return (
    <section className="page admin-dashboard">
      <header className="admin-header">
        <div>
          <h1>{messages.title}</h1>
          <p className="muted">{messages.intro}</p>
        </div>
        <div className="admin-header-actions">
          <ClientActionsButton />
          <button type="button" className="btn" onClick={onSignOut} disabled={signingOut} aria-busy={signingOut}>
            {signingOut ? messages.signingOut : messages.signOut}
          </button>
        </div>
      </header>
      <MailBanner />
      <StorageBanner />
      {signOut.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {messages.signOutFailed}
        </p>
      )}
      {liveError && (
        <p className="alert alert-error" role="alert">
          {liveError.code === 'unauthenticated' ? messages.liveStopped : messages.liveFailed}
        </p>
      )}

      <div className="admin-tabs" role="tablist" aria-label={messages.tabsLabel} onKeyDown={onTabKeyDown}>
        {tabs.map((t) => (
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
            // Another tab leaves the one she is on: unsaved work there asks first.
            onClick={() => t !== tab && leave(() => setTab(t))}
          >
            {messages.tabs[t]}
            {t === 'bookings' && shownNewCount !== null && shownNewCount > 0 && (
              <span className="admin-tab-count" data-testid="new-count">
                <span aria-hidden="true">{shownNewCount}</span>
                <span className="visually-hidden">{bookingMessages.newCount(shownNewCount)}</span>
              </span>
            )}
          </button>
        ))}
      </div>

      <TabPanel tab="bookings" shown={tab === 'bookings'}>
        <div className="admin-bookings-layout">
          <BookingsPanel
            key={linkedBooking ?? ''}
            list={bookings}
            filter={filter}
            onFilterChange={setFilter}
            q={search}
            onSearchChange={setSearch}
            onGenerateContract={setContractFor}
            onOpenQuote={setQuoteFor}
            contractStateOf={(b) => {
              const state = contractStates.status === 'ready' ? contractStates.data[b.id] : undefined;
              return state ? <ContractStateBadge status={state} /> : null;
            }}
          />
          <aside className="admin-aside">
            <PasskeysSection />
            <TrustedDevicesSection />
            <SmsSetting />
            <DigestSetting />
            <CalendarFeedSection />
            <QuoteSettingsSection />
          </aside>
        </div>
      </TabPanel>
      <TabPanel tab="availability" shown={tab === 'availability'}>
        {availability ? (
          <AvailabilityPanel availability={availability} today={today} bookings={allBookings} />
        ) : (
          <Loading />
        )}
      </TabPanel>
      <TabPanel tab="content" shown={tab === 'content'}>
        {(contentOpened || tab === 'content') && (
          <Suspense fallback={<Loading />}>
            <ContentPanel />
          </Suspense>
        )}
      </TabPanel>

      {tabs.includes('deployments') && (
        <TabPanel tab="deployments" shown={tab === 'deployments'}>
          {tab === 'deployments' && (
            <Suspense fallback={<Loading />}>
              <DeploymentsPanel />
            </Suspense>
          )}
        </TabPanel>
      )}

      {quoteFor && <QuoteDialog booking={quoteFor} onClose={() => setQuoteFor(null)} />}
      {contractFor && <ContractDialog booking={contractFor} today={today} onClose={() => setContractFor(null)} />}
      <ReleaseFooter />
    </section>
  );
}
