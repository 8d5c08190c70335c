// The renderer cannot hurt the server. Hostile public-site server entries (a read whose arguments serialise to 80 MB,
// a 16 MB read name, 20 MB of data per page, gigabytes of ArrayBuffers, eight uploads at once) leave /api/health
// answering within a second over real HTTP, and the server's peak RSS within 100 MB of where it was. Besides: the
// frame cap holds against a child that ignores the protocol, a refused read's name is not sent back, the kept pages
// are bounded in bytes and never kept for values that name nothing, a server entry changed on disk after its upload
// does not run, and an upload that unpacks past the limit is answered 413 and logged.
// Here the hostile entries; the frames, the kept pages, a changed entry and an oversized upload are in
// render-sandbox-limits-frames.test.ts.
import { MAX_MESSAGE_BYTES } from '../src/features/pages/render-frames';
import { memoryBound } from '../src/features/pages/render-process';
import { renderersFor } from './render-sandbox-support';
import { gateProblem, probeSystemFirst, useApp, whileWatching } from './render-sandbox-limits-support';

probeSystemFirst();

describe('hostile server entries while /api/health is asked over HTTP', () => {
  const app = useApp();

  test('a read whose arguments serialise to 80 MB never leaves the renderer', async () => {
    const res = await whileWatching(app.base, async () =>
      app.s.upload(
        await app.s.buildWith(
          `exports.renderPublicSite = async ({ backend, frame }) => {
            const row = new Array(300).fill(10);
            const plane = new Array(300).fill(row);
            await backend.services.list(new Array(300).fill(plane));
            return { html: frame('read'), data: [] };
          };`,
          '80 MB read',
        ),
      ),
    );
    expect(gateProblem(res)).toContain(`A read's name and arguments may take ${MAX_MESSAGE_BYTES} bytes at most.`);
  }, 60_000);

  test('a 16 MB read name never leaves the renderer; a refused name is not sent back', async () => {
    const huge = await whileWatching(app.base, async () =>
      app.s.upload(
        await app.s.buildWith(
          `exports.renderPublicSite = async ({ backend }) => backend.services['x'.repeat(16 * 1024 * 1024)]();`,
          '16 MB name',
        ),
      ),
    );
    expect(gateProblem(huge)).toContain(`A read's name and arguments may take ${MAX_MESSAGE_BYTES} bytes at most.`);

    // Under the frame cap, refused: the server's answer names nothing the entry sent (the renderer adds the name's
    // first 100 characters itself, for the entry's own message).
    const refused = await app.s.upload(
      await app.s.buildWith(
        `exports.renderPublicSite = async ({ backend }) => {
          try {
            await backend.admin['bookings' + 'x'.repeat(30000)]();
          } catch (error) {
            throw new Error('refused in ' + error.message.length + ' characters');
          }
        };`,
        'long name',
      ),
    );
    const length = Number(/refused in (\d+) characters/.exec(gateProblem(refused))?.[1]);
    expect(length).toBeGreaterThan(0);
    expect(length).toBeLessThan(300);
  }, 60_000);

  test('20 MB of data per page is refused by the renderer, page after page, and nothing of it is kept', async () => {
    // The sitemap's pages (the smoke render) are small; the booking page with a query carries 20 MB of data.
    await app.s.deploy(
      `exports.renderPublicSite = async ({ frame }) => {
        const url = String(frame('')).match(/at ([^<]*)/)[1];
        const data = url.includes('?') ? [[['blob'], 'x'.repeat(20 * 1024 * 1024)]] : [];
        return { html: frame('<h1>page</h1>'), data };
      };`,
      '20 MB data',
    );
    const [service] = await app.s.t.repos.content.listServices();
    const values = [service!.id, ...Array.from({ length: 9 }, (_, i) => `made-up-${i}`)];
    const bodies = await whileWatching(app.base, async () => {
      const pages: string[] = [];
      for (const value of values) {
        const res = await fetch(`${app.base}/book-me?selectedService=${value}`, {
          headers: { 'accept-encoding': 'identity' },
        });
        pages.push(await res.text());
      }
      return pages;
    });
    for (const body of bodies) expect(body).toContain('<div id="root"></div>');
  }, 60_000);

  test('a renderer allocating gigabytes of ArrayBuffers is stopped by the system', async () => {
    const bound = await memoryBound();
    const res = await whileWatching(app.base, async () =>
      app.s.upload(
        await app.s.buildWith(
          `exports.renderPublicSite = async ({ frame }) => {
            const held = [];
            try {
              for (let i = 0; i < 24; i++) {
                const buffer = new ArrayBuffer(64 * 1024 * 1024);
                new Uint8Array(buffer).fill(1);
                held.push(buffer);
              }
            } catch (error) {
              throw new Error('allocation refused after ' + held.length * 64 + ' MB: ' + error.message);
            }
            return { html: frame('allocated ' + held.length * 64 + ' MB'), data: [] };
          };`,
          'ArrayBuffer hog',
        ),
      ),
    );
    if (!bound) return; // No cgroup and no prlimit here: the server logged that the renderer is unbounded.
    const problem = gateProblem(res);
    if (bound.kind === 'address-space') expect(problem).toMatch(/allocation refused after \d+ MB/);
    else expect(problem).toMatch(/allocation refused after \d+ MB|The renderer stopped/);
    const allocated = Number(/allocation refused after (\d+) MB/.exec(problem)?.[1] ?? 0);
    expect(allocated).toBeLessThan(1024);
  }, 60_000);

  test('eight uploads at once: one smoke render at a time, two waiting, the rest answered 429', async () => {
    // Each smoke render waits for its timeout (the entry never answers), so all eight meet the queue while it is busy.
    const builds = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        app.s.buildWith('exports.renderPublicSite = () => new Promise(() => {});', `upload ${i}`),
      ),
    );
    let mostRenderers = 0;
    const answers = await whileWatching(
      app.base,
      () => Promise.all(builds.map((body) => app.s.upload(body))),
      () => (mostRenderers = Math.max(mostRenderers, renderersFor(app.s.t.dataDir).length)),
    );
    const busy = answers.filter((a) => a.statusCode === 429);
    expect(busy).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(3);
    expect((busy[0]!.json() as { message: string }).message).toBe(
      'A version of public-site is being smoke-rendered and 2 more wait their turn: send this one again in a minute.',
    );
    expect(mostRenderers).toBeLessThanOrEqual(1);
  }, 60_000);
});
