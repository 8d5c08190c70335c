// The admin's Deployments view against the real server (versions deployed through its deploy API): each remote's
// versions, which one is live, who deployed it, and a rollback that happens only after her confirmation; a backend
// without deployments says where they are managed instead.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { BackendProvider } from '@studio/shared/data';
import type { Backend } from '@studio/shared/backend';
import type { StudioServer } from '@studio/shared/test-support/studio-server';
import { deploymentsOf } from '@studio/shared/backend/http/deployments';
import { adminServer } from '../../test-support/admin-server';
import DeploymentsPanel from './deployments-panel';

let server: StudioServer;
let memory: Backend;
/** The public site's two versions: V1 deployed by Sam, then V2 by Jo from CI, live. */
let V1: string;
let V2: string;
beforeEach(async () => {
  ({ server, backend: memory } = await adminServer());
  V1 = await server.deploy('public-site', { text: 'v1', by: 'Sam', tokenLabel: 'ci' });
  V2 = await server.deploy('public-site', { text: 'v2', by: 'Jo (CI)', tokenLabel: 'ci' });
});

async function renderPanel(backend = memory) {
  await act(async () => {
    render(
      <BackendProvider backend={backend}>
        <DeploymentsPanel />
      </BackendProvider>,
    );
  });
  await server.settle();
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
  await server.settle();
  let dialog = screen.getByRole('dialog', { name: 'Roll back?' });
  expect(dialog).toHaveTextContent(`Public site goes back to version ${V1} (now ${V2}).`);
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
  await server.settle();
  expect((await deploymentsOf(memory)!.list()).remotes[0]!.live).toBe(V2);

  await act(async () => fireEvent.click(rollBack));

  await server.settle();
  dialog = screen.getByRole('dialog', { name: 'Roll back?' });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Roll back now' })));
  await server.settle();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByRole('status')).toHaveTextContent(`Public site is back on version ${V1}.`);
  expect((await deploymentsOf(memory)!.list()).remotes[0]!.live).toBe(V1);
  const items = within(screen.getByRole('region', { name: 'Public site' })).getAllByRole('listitem');
  expect(items[1]).toHaveTextContent('Live');
});

test('a backend without deployments (Firebase) says where they are managed', async () => {
  await renderPanel({ ...memory, deployments: null });
  expect(screen.getByText(/managed in Firebase Hosting/)).toBeVisible();
});

test('a version that is not live can be previewed: she gets a signed address of her own, shown with its expiry', async () => {
  await renderPanel();
  const site = screen.getByRole('region', { name: 'Public site' });
  expect(within(site).queryByRole('button', { name: `Preview version ${V2} of Public site` })).toBeNull();
  await act(async () =>
    fireEvent.click(within(site).getByRole('button', { name: `Preview version ${V1} of Public site` })),
  );
  await server.settle();
  const link = within(site).getByRole('link', { name: new RegExp(`^Open the preview of ${V1} \\(works until`) });
  expect(link.getAttribute('href')).toMatch(new RegExp(`^/\\?studio-preview=public-site\\.${V1}\\.\\d+\\.`));
  expect(link.getAttribute('rel')).toContain('noopener');
});
