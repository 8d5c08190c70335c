// The server render's cache: it waits for every request a render started, however many rounds it takes,
// and hands back exactly the answers the page read, for the browser's cache.
import { createRenderCache } from './render-cache';

test('settled() waits for the requests under way and says whether there were any', async () => {
  const cache = createRenderCache();
  expect(cache.loadsDuringRender).toBe(true);
  expect(await cache.settled()).toBe(false);
  let answer: (v: string[]) => void = () => undefined;
  void cache.fetch(['services'], () => new Promise<string[]>((resolve) => (answer = resolve)));
  const settled = cache.settled();
  answer(['photoshoot']);
  expect(await settled).toBe(true);
  expect(cache.read(['services'])).toEqual({ status: 'ready', data: ['photoshoot'] });
  // Asking again for a key it has starts nothing, so a render after the data is in ends the rounds.
  void cache.fetch(['services'], () => Promise.reject(new Error('not asked')));
  expect(await cache.settled()).toBe(false);
});

test('dehydrate() answers the data of every successful read, and no failed one', async () => {
  const cache = createRenderCache();
  void cache.fetch(['services'], async () => [{ id: 'photoshoot' }]);
  void cache
    .fetch(['project', 'x'], async () => {
      throw new Error('missing');
    })
    .catch(() => undefined);
  await cache.settled();
  expect(cache.dehydrate()).toEqual([[['services'], [{ id: 'photoshoot' }]]]);
});
