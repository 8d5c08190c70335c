// Her calendar feed in the dashboard: made with its address shown once, renewed and turned off only after
// a confirmation, and absent where the backend has none.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { Backend } from '@studio/shared/backend';
import { BackendProvider, createQueryCache } from '@studio/shared/data';
import { adminServer } from '../../test-support/admin-server';
import { CalendarFeedSection } from './calendar-feed-section';

async function show(backend: Backend) {
  await act(async () => {
    render(
      <BackendProvider backend={backend} cache={createQueryCache()}>
        <CalendarFeedSection />
      </BackendProvider>,
    );
  });
}

test('made with its address shown once; a new link and turning off ask first', async () => {
  const { server, backend } = await adminServer();
  const click = (button: HTMLElement) =>
    act(async () => {
      fireEvent.click(button);
      await server.idle();
    });
  await show(backend);
  await act(() => server.idle());
  await click(screen.getByRole('button', { name: 'Make a calendar link' }));
  const link = () => (screen.getByRole('textbox', { name: 'Your private calendar link' }) as HTMLInputElement).value;
  // The feed's address on her origin (the feed is hers, not the public pages'), with its secret in the path.
  const first = link();
  expect(first).toMatch(/^http:\/\/admin\.studio\.test\/api\/calendar\/[^/]+\.ics$/);
  expect(screen.getByText(/it is shown only this once/)).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Make a new link' }));
  const renew = screen.getByRole('dialog', { name: 'Make a new calendar link?' });
  expect(renew).toHaveTextContent('The current link stops working in every calendar that subscribes to it.');
  await click(within(renew).getByRole('button', { name: 'Make a new link' }));
  expect(link()).toMatch(/^http:\/\/admin\.studio\.test\/api\/calendar\/[^/]+\.ics$/);
  expect(link()).not.toBe(first);

  fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(await backend.calendarFeed!.status()).toEqual({ active: true });
  fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
  await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Turn off' }));
  expect(await backend.calendarFeed!.status()).toEqual({ active: false });
  expect(screen.queryByRole('textbox')).toBeNull();
  expect(await screen.findByRole('button', { name: 'Make a calendar link' })).toBeInTheDocument();
});

test('nothing shows where the backend has no feed', async () => {
  const { calendarFeed: _none, ...backend } = (await adminServer()).backend;
  await show(backend as Backend);
  expect(screen.queryByRole('heading', { name: 'Calendar feed' })).toBeNull();
});
