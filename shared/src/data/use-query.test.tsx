// The read cache as pages use it: one request however many components ask, Retry after a failure, writes that make
// the pages showing their data read again, and data embedded in the page used without a request.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Backend } from '../backend/port';
import { studioServer } from '../test-support/studio-server';
import type { Service } from '../domain/service-types';
import { BackendProvider } from './backend-context';
import { createQueryCache } from './query-cache';
import { useMutation, useQuery } from './use-query';

const service = (id: string, displayName: string): Service => ({
  id,
  displayName,
  description: '',
  image: '',
  price: '',
  tiers: [],
});

function ServiceNames({ label }: { label: string }) {
  const services = useQuery(['services'], (backend) => backend.services.list());
  if (services.status === 'loading') return <p>{label}: loading</p>;
  if (services.status === 'error')
    return (
      <p>
        {label}: failed <button onClick={services.refetch}>Retry {label}</button>
      </p>
    );
  return <p>{`${label}: ${services.data.map((s) => s.displayName).join(', ')}`}</p>;
}

/** The http adapter to the test server holding these services. */
const serverWith = async (services: Service[] = []) => (await studioServer({ services })).backend();

function counting(backend: Backend) {
  const list = jest.fn(backend.services.list);
  return { backend: { ...backend, services: { ...backend.services, list } } as Backend, list };
}

it('fetches once for every component that shows the same data', async () => {
  const { backend, list } = counting(await serverWith([service('photoshoot', 'Photoshoot')]));
  render(
    <BackendProvider backend={backend}>
      <ServiceNames label="grid" />
      <ServiceNames label="form" />
    </BackendProvider>,
  );
  expect(await screen.findByText('grid: Photoshoot')).toBeInTheDocument();
  expect(screen.getByText('form: Photoshoot')).toBeInTheDocument();
  expect(list).toHaveBeenCalledTimes(1);
});

it('shows the failure and asks again on Retry', async () => {
  const real = await serverWith([service('photoshoot', 'Photoshoot')]);
  const list = jest.fn().mockRejectedValueOnce(new Error('offline')).mockImplementation(real.services.list);
  const backend = { ...real, services: { ...real.services, list } } as Backend;
  render(
    <BackendProvider backend={backend}>
      <ServiceNames label="grid" />
    </BackendProvider>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Retry grid' }));
  expect(await screen.findByText('grid: Photoshoot')).toBeInTheDocument();
  expect(list).toHaveBeenCalledTimes(2);
});

it('uses data set into the cache (embedded in the page) without a request', async () => {
  const { backend, list } = counting(await serverWith());
  const cache = createQueryCache();
  cache.set(['services'], [service('ugc', 'UGC')]);
  render(
    <BackendProvider backend={backend} cache={cache}>
      <ServiceNames label="grid" />
    </BackendProvider>,
  );
  expect(screen.getByText('grid: UGC')).toBeInTheDocument();
  expect(list).not.toHaveBeenCalled();
});

it('a write forgets the keys it changes, and the page reads them again', async () => {
  const { backend, list } = counting(await serverWith([service('photoshoot', 'Photoshoot')]));
  let save: (() => Promise<unknown>) | undefined;
  function Saver() {
    const write = useMutation((_backend, _input: void) => Promise.resolve('saved'), { invalidates: [['services']] });
    save = () => write.mutate();
    return <p>write: {write.status}</p>;
  }
  render(
    <BackendProvider backend={backend}>
      <ServiceNames label="grid" />
      <Saver />
    </BackendProvider>,
  );
  await screen.findByText('grid: Photoshoot');
  await act(async () => {
    await save!();
  });
  expect(screen.getByText('write: success')).toBeInTheDocument();
  await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  expect(await screen.findByText('grid: Photoshoot')).toBeInTheDocument();
});

it('an answer to a request made before an invalidation does not overwrite the newer one', async () => {
  const cache = createQueryCache();
  let resolveOld: (v: string) => void = () => undefined;
  const old = cache.fetch(['k'], () => new Promise<string>((r) => (resolveOld = r)));
  cache.set(['k'], 'new');
  resolveOld('old');
  await old;
  expect(cache.read(['k'])).toEqual({ status: 'ready', data: 'new' });
});

it('a page mounted after a failure asks again, once, instead of showing the old failure', async () => {
  const real = await serverWith([service('photoshoot', 'Photoshoot')]);
  const list = jest
    .fn()
    .mockRejectedValueOnce(new Error('offline'))
    .mockRejectedValueOnce(new Error('still offline'))
    .mockImplementation(real.services.list);
  const backend = { ...real, services: { ...real.services, list } } as Backend;
  const cache = createQueryCache();
  const first = render(
    <BackendProvider backend={backend} cache={cache}>
      <ServiceNames label="home" />
    </BackendProvider>,
  );
  await screen.findByText('home: failed');
  first.unmount();

  const second = render(
    <BackendProvider backend={backend} cache={cache}>
      <ServiceNames label="service page" />
    </BackendProvider>,
  );
  // The second failure is shown and not retried in a loop.
  await screen.findByText('service page: failed');
  await act(async () => undefined);
  expect(list).toHaveBeenCalledTimes(2);
  second.unmount();

  render(
    <BackendProvider backend={backend} cache={cache}>
      <ServiceNames label="booking page" />
    </BackendProvider>,
  );
  expect(await screen.findByText('booking page: Photoshoot')).toBeInTheDocument();
  expect(list).toHaveBeenCalledTimes(3);
});

it('ensure answers from the cache when it can, and asks the backend when the last read failed', async () => {
  const real = await serverWith([service('photoshoot', 'Photoshoot')]);
  const list = jest.fn(real.services.list);
  const backend = { ...real, services: { ...real.services, list } } as Backend;
  let ensure: (() => Promise<Service[]>) | undefined;
  function Submitter() {
    ensure = useQuery(['services'], (b) => b.services.list()).ensure;
    return null;
  }
  const cache = createQueryCache();
  render(
    <BackendProvider backend={backend} cache={cache}>
      <Submitter />
    </BackendProvider>,
  );
  // Answers come back inside act: the component re-renders with them.
  const ensured = () => act(() => ensure!());
  await waitFor(() => expect(cache.read(['services']).status).toBe('ready'));
  expect(await ensured()).toMatchObject([service('photoshoot', 'Photoshoot')]);
  expect(list).toHaveBeenCalledTimes(1);

  list.mockRejectedValueOnce(new Error('offline'));
  act(() => cache.invalidate(['services']));
  await waitFor(() => expect(cache.read(['services']).status).toBe('error'));
  expect(await ensured()).toHaveLength(1);
  expect(list).toHaveBeenCalledTimes(3);
});

it('a key invalidated while it is loading is read again, and the page shows the newer answer', async () => {
  const real = await serverWith([service('photoshoot', 'Photoshoot')]);
  // The first request waits until released; a second one must follow the invalidation made meanwhile.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const backend = {
    ...real,
    services: {
      list: async () => {
        calls += 1;
        if (calls === 1) {
          await held;
          return [service('photoshoot', 'Old answer')];
        }
        return real.services.list();
      },
    },
  } as Backend;
  const cache = createQueryCache();
  render(
    <BackendProvider backend={backend} cache={cache}>
      <ServiceNames label="A" />
    </BackendProvider>,
  );
  expect(screen.getByText('A: loading')).toBeInTheDocument();
  act(() => cache.invalidate(['services']));
  release();
  expect(await screen.findByText('A: Photoshoot')).toBeInTheDocument();
  expect(calls).toBe(2);
});
