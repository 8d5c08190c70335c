// Issue 20: the admin's Deployments view against the memory backend: each remote's versions, which one is live, who
// deployed it, and a rollback that happens only after her confirmation; a backend without deployments says where they
// are managed instead.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { BackendProvider } from '@studio/shared/data';
import { createMemoryBackend, type MemoryBackend } from '@studio/shared/backend/memory';
import type { Deployments } from '@studio/shared/schemas/deployment';
import DeploymentsPanel from './deployments-panel';

const V1 = '1111111111111111';
const V2 = '2222222222222222';
const SEED: Deployments = {
  remotes: [
    {
      remote: 'public-site',
      live: V2,
      previous: V1,
      versions: [
        {
          version: V2,
          createdAt: '2030-01-02T10:00:00Z',
          deployedBy: 'Jo (CI)',
          tokenLabel: 'ci',
          live: true,
          files: 9,
          bytes: 900,
        },
        {
          version: V1,
          createdAt: '2030-01-01T10:00:00Z',
          deployedBy: 'Sam',
          tokenLabel: 'ci',
          live: false,
          files: 9,
          bytes: 900,
        },
      ],
      history: [
        {
          remote: 'public-site',
          fromVersion: V1,
          toVersion: V2,
          switchedAt: '2030-01-02T10:00:00Z',
          switchedBy: 'Jo (CI)',
          kind: 'deploy',
        },
      ],
    },
    { remote: 'admin-app', live: null, previous: null, versions: [], history: [] },
  ],
};

let memory: MemoryBackend;
beforeEach(() => {
  memory = createMemoryBackend({ deployments: SEED }, { signedIn: true });
});

async function renderPanel(backend = memory) {
  await act(async () => {
    render(
      <BackendProvider backend={backend}>
        <DeploymentsPanel />
      </BackendProvider>,
    );
  });
}

test('shows each remote with its versions, who deployed them, and which is live', async () => {
  await renderPanel();
  const site = screen.getByRole('region', { name: 'Public site' });
  const items = within(site).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent(V2);
  expect(items[0]).toHaveTextContent('By Jo (CI)');
  expect(items[0]).toHaveTextContent('Live');
  expect(within(site).getByRole('button', { name: `Roll Public site back to version ${V1}` })).toBeVisible();
  const dashboard = screen.getByRole('region', { name: 'Dashboard' });
  expect(dashboard).toHaveTextContent('The version built with the site is live: nothing was deployed yet.');
});

test('a rollback asks first; Cancel changes nothing, confirming makes the version live', async () => {
  await renderPanel();
  const rollBack = screen.getByRole('button', { name: `Roll Public site back to version ${V1}` });
  await act(async () => fireEvent.click(rollBack));
  let dialog = screen.getByRole('dialog', { name: 'Roll back?' });
  expect(dialog).toHaveTextContent(`Public site goes back to version ${V1} (now ${V2}).`);
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
  expect((await memory.deployments!.list()).remotes[0]!.live).toBe(V2);

  await act(async () => fireEvent.click(rollBack));
  dialog = screen.getByRole('dialog', { name: 'Roll back?' });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Roll back now' })));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByRole('status')).toHaveTextContent(`Public site is back on version ${V1}.`);
  expect((await memory.deployments!.list()).remotes[0]!.live).toBe(V1);
  const items = within(screen.getByRole('region', { name: 'Public site' })).getAllByRole('listitem');
  expect(items[1]).toHaveTextContent('Live');
});

test('a backend without deployments (Firebase) says where they are managed', async () => {
  await renderPanel({ ...memory, deployments: null });
  expect(screen.getByText(/managed in Firebase Hosting/)).toBeVisible();
});
