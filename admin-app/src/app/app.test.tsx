// The admin dashboard against the real server (test-support/dashboard.tsx): its footer, tabs, the SMS setting, one
// live stream per list for the whole visit, and sign-out. The tabs' own behaviour is in the app-*.test.tsx beside it.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { authStore } from '@studio/shared/auth-store';
import { BackendError } from '@studio/shared/backend';
import { createQueryCache } from '@studio/shared/data';
import { bookingListKey } from '../features/bookings/api/get-bookings';
import { adminAvailabilityKey } from '../features/availability/api/get-admin-availability';
import { settingsKey } from '../features/settings/api/get-settings';
import { memory, renderApp, server, signedInEachTest } from '../test-support/dashboard';

signedInEachTest();

test('the footer names the release the site runs, as /api/health says it', async () => {
  await renderApp();
  const health = (await (await fetch('/api/health')).json()) as { version: string };
  expect(health.version).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{7,}$/);
  expect(await screen.findByText(`Studio ${health.version}`)).toBeInTheDocument();
});

describe('tabs', () => {
  test('without a deploy token, three ARIA tabs and no Deployments (a developer view she never needs)', async () => {
    await renderApp();
    const tabs = within(screen.getByRole('tablist', { name: 'Dashboard sections' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent?.replace(/\d+\d+ new requests?$/, ''))).toEqual([
      'Bookings',
      'Availability',
      'Content',
    ]);
    expect(screen.queryByRole('tabpanel', { name: 'Deployments', hidden: true })).not.toBeInTheDocument();
    const [bookingsTab, , contentTab] = tabs as [HTMLElement, HTMLElement, HTMLElement];
    bookingsTab.focus();
    await act(async () => fireEvent.keyDown(bookingsTab, { key: 'End' }));
    await server.settle();
    expect(contentTab).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(contentTab, { key: 'ArrowRight' });
    expect(bookingsTab).toHaveAttribute('aria-selected', 'true');
  });

  test('with a deploy token, four ARIA tabs; bookings first; arrow keys, Home and End move and select', async () => {
    // A team's CI deployed with its token: the site now has deployments to look after.
    await server.deploy('public-site', { text: 'v1', by: 'Sam', tokenLabel: 'ci' });
    await renderApp();
    const tabs = within(screen.getByRole('tablist', { name: 'Dashboard sections' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent?.replace(/\d+\d+ new requests?$/, ''))).toEqual([
      'Bookings',
      'Availability',
      'Content',
      'Deployments',
    ]);
    const [bookingsTab, availabilityTab, contentTab, deploymentsTab] = tabs as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(bookingsTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: /Bookings/ })).toBeVisible();

    bookingsTab.focus();
    fireEvent.keyDown(bookingsTab, { key: 'ArrowRight' });
    expect(availabilityTab).toHaveAttribute('aria-selected', 'true');
    expect(availabilityTab).toHaveFocus();
    expect(availabilityTab).toHaveAttribute('tabindex', '0');
    expect(bookingsTab).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Availability' })).toBeVisible();

    fireEvent.keyDown(availabilityTab, { key: 'ArrowRight' });
    expect(contentTab).toHaveAttribute('aria-selected', 'true');
    // Her content editors load on first opening (a chunk of their own).
    expect(await screen.findByRole('heading', { level: 2, name: 'Services' })).toBeInTheDocument();
    // The Deployments panel is a lazy chunk too: its first opening resolves it.
    await act(async () => fireEvent.keyDown(contentTab, { key: 'ArrowRight' }));
    await server.settle();
    expect(deploymentsTab).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(deploymentsTab, { key: 'ArrowRight' });
    expect(bookingsTab).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(bookingsTab, { key: 'End' });
    expect(deploymentsTab).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(deploymentsTab, { key: 'Home' });
    expect(bookingsTab).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(bookingsTab, { key: 'ArrowLeft' });
    expect(deploymentsTab).toHaveAttribute('aria-selected', 'true');
  });
});

describe('SMS setting', () => {
  test('the toggle saves the admin value', async () => {
    await renderApp();
    const toggle = await screen.findByRole('switch', { name: 'Send text messages to clients who opt in' });
    expect(toggle).not.toBeChecked();
    await act(async () => fireEvent.click(toggle));
    await server.settle();
    expect(toggle).toBeChecked();
    expect(await memory.notifications.getSmsStatus()).toMatchObject({ enabled: true, adminValue: true });
    expect(screen.getByText('Text messages are on.')).toBeInTheDocument();
  });

  test('a note says when the environment overrides it', async () => {
    memory.notifications.getSmsStatus = async () => ({ enabled: false, source: 'env', adminValue: true });
    await renderApp();
    expect(
      await screen.findByText(
        "The server's SMS_ENABLED setting overrides this choice: text messages stay off until it is removed.",
      ),
    ).toBeInTheDocument();
  });
});

test('each live list opens one stream for the whole visit, whichever tab shows, and closes it when the dashboard goes', async () => {
  const streams = { bookings: { opened: 0, closed: 0 }, availability: { opened: 0, closed: 0 } };
  for (const port of ['bookings', 'availability'] as const) {
    const subscribe = memory[port].subscribe as (...args: unknown[]) => () => void;
    (memory[port].subscribe as unknown) = (...args: unknown[]) => {
      streams[port].opened++;
      const stop = subscribe(...args);
      return () => {
        streams[port].closed++;
        stop();
      };
    };
  }
  const { unmount } = await renderApp();
  fireEvent.click(screen.getByRole('tab', { name: 'Availability' }));
  fireEvent.click(screen.getByRole('tab', { name: /Bookings/ }));
  expect(streams).toEqual({ bookings: { opened: 1, closed: 0 }, availability: { opened: 1, closed: 0 } });
  unmount();
  expect(streams).toEqual({ bookings: { opened: 1, closed: 1 }, availability: { opened: 1, closed: 1 } });
});

test('leaving the dashboard (here by Sign out) forgets every admin read: the cache outlives it, client details must not', async () => {
  const cache = createQueryCache();
  await renderApp(cache);
  const keys = [bookingListKey('all'), adminAvailabilityKey, settingsKey];
  for (const key of keys) expect(cache.read(key).status).toBe('ready');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
  await server.settle();
  expect(screen.getByText('Home page')).toBeInTheDocument();
  for (const key of keys) expect(cache.read(key).status).toBe('loading');
});

test('Sign out ends the session through the shared backend, so the shared auth store follows', async () => {
  await renderApp();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
  await server.settle();
  expect(await memory.auth.current()).toBeNull();
  expect(authStore.getState().user).toBeNull();
  expect(screen.getByText('Home page')).toBeInTheDocument();
});

test('a live stream the server refuses says so, and the shared auth store learns the session is gone', async () => {
  memory.bookings.subscribe = (_onChange, onError) => {
    onError(new BackendError('unauthenticated', 'refused'));
    return () => undefined;
  };
  memory.auth.current = async () => null;
  await renderApp();
  expect(await screen.findByText('Live updates stopped: please sign in again.')).toBeInTheDocument();
  await act(async () => undefined);
  expect(authStore.getState().user).toBeNull();
});
