// Her dashboard says when the server's disk is full (nothing is saved, visitors are asked to try again later) or almost
// full, as GET /api/admin/settings/storage answers it (the server's side: server/test/storage-failures.test.ts);
// nothing while it has room.
import { act, render, screen } from '@testing-library/react';
import type { Backend } from '@studio/shared/backend';
import { BackendProvider, createQueryCache } from '@studio/shared/data';
import type { StorageStatus } from '@studio/shared/domain';
import { StorageBanner } from './storage-banner';

async function renderBanner(answer: StorageStatus) {
  // Only the one read the banner makes: the answer is the server's, given here.
  const backend = { notifications: { getStorageStatus: async () => answer } } as unknown as Backend;
  await act(async () => {
    render(
      <BackendProvider backend={backend} cache={createQueryCache()}>
        <StorageBanner />
      </BackendProvider>,
    );
  });
}

test('a disk with room: no banner', async () => {
  await renderBanner({ state: 'ok' });
  expect(screen.queryByRole('alert')).toBeNull();
});

test('a full disk: she is told nothing is saved, that visitors are asked to try again later, and what to do', async () => {
  await renderBanner({ state: 'full' });
  const banner = await screen.findByRole('alert');
  expect(banner).toHaveTextContent('Your site cannot save anything: its disk is full');
  expect(banner).toHaveTextContent('Visitors are asked to try again later.');
  expect(banner).toHaveTextContent('Delete old backups or files there, or ask your host for more space.');
});

test('an almost full disk: she is told to make room before bookings are refused', async () => {
  await renderBanner({ state: 'low' });
  const banner = await screen.findByRole('alert');
  expect(banner).toHaveTextContent("Your site's disk is almost full");
  expect(banner).toHaveTextContent('before bookings and changes are refused');
});
