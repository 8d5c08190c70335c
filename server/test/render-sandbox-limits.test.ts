// The renderer cannot hurt the server. Hostile public-site server entries (a read whose arguments serialise to 80 MB,
// a 16 MB read name, 20 MB of data per page, gigabytes of ArrayBuffers, eight uploads at once) leave /api/health
// answering within a second over real HTTP, and the server's peak RSS within 100 MB of where it was. Besides: the
// frame cap holds against a child that ignores the protocol, a refused read's name is not sent back, the kept pages
// are bounded in bytes and never kept for values that name nothing, a server entry changed on disk after its upload
// does not run, and an upload that unpacks past the limit is answered 413 and logged.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { c as tarCreate } from 'tar';
import type { Backend } from '@studio/shared/data';
import type { BuildOverrides } from '../src/app/app';
import { createRenderSandbox } from '../src/features/pages/render-sandbox';
import { frameReader, MAX_DATA_BYTES, MAX_HTML_BYTES, MAX_MESSAGE_BYTES } from '../src/features/pages/render-frames';
import { memoryBound, networkNamespace, parentDeathSignal } from '../src/features/pages/render-process';
import { renderersFor, sandboxApp, type SandboxApp } from './render-sandbox-support';

const MB = 1024 * 1024;

beforeAll(async () => {
  // The system's abilities are probed once per server process, at its first renderer: here, not inside a measurement.
  networkNamespace();
  parentDeathSignal();
  await memoryBound();
});

/** A fresh app per test of the block, listening on a real port. */
function useApp(overrides: BuildOverrides = {}) {
  const app = { s: undefined as unknown as SandboxApp, base: '' };
  beforeEach(async () => {
    app.s = await sandboxApp({ renderTimeoutMs: 2000, ...overrides });
    await app.s.t.app.listen({ host: '127.0.0.1', port: 0 });
    app.base = `http://127.0.0.1:${(app.s.t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => app.s.close());
  return app;
}

const peakRss = () => Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

/**
 * Runs `scenario` while /api/health is asked over real HTTP, one request after another, and reports the slowest
 * answer and how far the process's peak RSS rose above its RSS before (VmHWM, reset first: no peak between samples is
 * missed). `sample` runs with each answer (to count renderers).
 */
async function whileWatching<T>(base: string, scenario: () => Promise<T>, sample?: () => void) {
  const before = process.memoryUsage.rss();
  writeFileSync('/proc/self/clear_refs', '5');
  let slowestMs = 0;
  let answers = 0;
  let done = false;
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(20_000) });
      await res.arrayBuffer();
      slowestMs = Math.max(slowestMs, performance.now() - started);
      answers += 1;
      sample?.();
      // A visitor's cadence, not a wait for anything: the scenario's own awaits decide when it ends.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  let result: T;
  try {
    result = await scenario();
  } finally {
    done = true;
    await poller;
  }
  const rssGrowthMb = Math.max(0, peakRss() - before) / MB;
  if (process.env.STUDIO_SANDBOX_REPORT)
    writeFileSync(
      process.env.STUDIO_SANDBOX_REPORT,
      `${expect.getState().currentTestName}: slowest health ${Math.round(slowestMs)} ms over ${answers} answers, peak RSS +${rssGrowthMb.toFixed(1)} MB\n`,
      { flag: 'a' },
    );
  expect(answers).toBeGreaterThan(0);
  expect(slowestMs).toBeLessThan(1000);
  expect(rssGrowthMb).toBeLessThan(100);
  return result;
}

/** The gate's one problem with an upload the test expects refused. */
function gateProblem(res: { statusCode: number; json(): unknown }): string {
  expect(res.statusCode).toBe(422);
  const [problem = ''] = (res.json() as { fieldErrors: { gate: string[] } }).fieldErrors.gate;
  return problem;
}

/** An entry whose page shows which render of its renderer made it, and carries `bytes` of markup and data. */
const countingEntry = (htmlBytes = 0, dataBytes = 0) => `
  let renders = 0;
  exports.renderPublicSite = async ({ frame }) => {
    renders += 1;
    return {
      html: frame('<p>render ' + renders + '</p>' + 'h'.repeat(${htmlBytes})),
      data: ${dataBytes} > 0 ? [[['filler'], 'd'.repeat(${dataBytes})]] : [],
    };
  };`;
const renderNumber = (body: string) => /<p>render (\d+)<\/p>/.exec(body)?.[1];

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

describe('the frames between the server and a renderer', () => {
  test("a frame's header is judged before its body: one longer than its kind allows is refused unread", () => {
    const frames: Array<[number, string]> = [];
    const refusals: string[] = [];
    const read = frameReader(
      new Map([[3, 16]]),
      (kind, body) => frames.push([kind, body.toString()]),
      (reason) => refusals.push(reason),
    );
    // A frame that fits, split byte by byte, then one that claims 80 MB.
    const fits = Buffer.concat([Buffer.from([0, 0, 0, 5, 3]), Buffer.from('hello')]);
    for (const byte of fits) read(Buffer.from([byte]));
    expect(frames).toEqual([[3, 'hello']]);
    const header = Buffer.from([0, 0, 0, 0, 3]);
    header.writeUInt32BE(80 * MB, 0);
    read(header);
    expect(refusals).toEqual([`The renderer sent a frame of ${80 * MB} bytes; at most 16 are read.`]);
    read(Buffer.alloc(MB));
    expect(frames).toHaveLength(1);
    // A kind the child may not send is refused on its header too.
    const other = frameReader(
      new Map([[3, 16]]),
      () => undefined,
      (reason) => refusals.push(reason),
    );
    other(Buffer.from([0, 0, 0, 1, 9]));
    expect(refusals[1]).toBe('The renderer sent a frame of a kind it may not send.');
  });

  test('a renderer that sends an 80 MB frame is ended on its header, and the server keeps none of it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'studio-frames-'));
    try {
      const childFile = path.join(dir, 'child.cjs');
      // Not the real renderer: one that answers the load, then streams a frame claiming 80 MB for the first render.
      writeFileSync(
        childFile,
        `const channel = new (require('node:net').Socket)({ fd: 3, readable: true, writable: true });
        channel.on('error', () => process.exit(0));
        let loaded = false;
        channel.on('data', () => {
          if (!loaded) {
            loaded = true;
            return channel.write(Buffer.from([0, 0, 0, 0, 1]));
          }
          const header = Buffer.from([0, 0, 0, 0, 4]);
          header.writeUInt32BE(80 * 1024 * 1024, 0);
          channel.write(header);
          const chunk = Buffer.alloc(1024 * 1024, 0x5b);
          let sent = 0;
          const more = () => {
            while (sent < 80) {
              sent += 1;
              if (!channel.write(chunk)) return channel.once('drain', more);
            }
          };
          more();
        });`,
      );
      const shellEntry = path.join(dir, 'shell.js');
      const siteEntry = path.join(dir, 'site.js');
      writeFileSync(shellEntry, '');
      writeFileSync(siteEntry, '');
      const sandbox = createRenderSandbox({
        childFile,
        shellEntry,
        siteEntry,
        backend: {} as Backend,
        timeoutMs: 20_000,
        log: { warn: () => undefined },
      });
      writeFileSync('/proc/self/clear_refs', '5');
      const before = process.memoryUsage.rss();
      await expect(sandbox.render('/', 'Studio')).rejects.toThrow(
        `The renderer sent a frame of ${80 * MB} bytes; at most ${8 + MAX_HTML_BYTES + MAX_DATA_BYTES} are read.`,
      );
      expect((peakRss() - before) / MB).toBeLessThan(20);
      expect(sandbox.pid()).toBeUndefined();
      sandbox.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('the kept pages', () => {
  const app = useApp();

  test('a page is kept only when its query names a service (and tier) that exists', async () => {
    await app.s.deploy(countingEntry(), 'counting');
    const [service] = await app.s.t.repos.content.listServices();
    const twice = async (url: string) => {
      const first = renderNumber((await app.s.t.app.inject({ url })).body);
      const second = renderNumber((await app.s.t.app.inject({ url })).body);
      expect(first).toBeDefined();
      return first === second;
    };
    expect(await twice(`/book-me?selectedService=${service!.id}`)).toBe(true);
    expect(await twice(`/book-me?selectedService=${service!.id}&selectedTier=${service!.tiers[0]!.id}`)).toBe(true);
    expect(await twice('/book-me?selectedService=no-such-service')).toBe(false);
    expect(await twice(`/book-me?selectedService=${service!.id}&selectedTier=no-such-tier`)).toBe(false);
    expect(await twice('/portfolio/runway?show=no-such-show')).toBe(false);
  }, 60_000);

  test('the kept pages are bounded in bytes: past 32 MB the page unused longest is rendered again', async () => {
    // 3 MB a page (2 MB of markup, 1 MB of data): a dozen pages are more than the bound.
    await app.s.deploy(countingEntry(2 * MB, MB), 'large pages');
    const services = await app.s.t.repos.content.listServices();
    const pages = [
      '/',
      '/portfolio',
      '/about',
      '/book-me',
      ...services.map((service) => `/service/${service.id}`),
      ...services.flatMap((service) => [
        `/book-me?selectedService=${service.id}`,
        ...service.tiers.map((tier) => `/book-me?selectedService=${service.id}&selectedTier=${tier.id}`),
      ]),
    ];
    expect(pages.length).toBeGreaterThanOrEqual(12);
    const first = new Map<string, string | undefined>();
    for (const url of pages) first.set(url, renderNumber((await app.s.t.app.inject({ url })).body));
    const last = pages.at(-1)!;
    expect(renderNumber((await app.s.t.app.inject({ url: last })).body)).toBe(first.get(last));
    expect(renderNumber((await app.s.t.app.inject({ url: pages[0]! })).body)).not.toBe(first.get(pages[0]!));
  }, 60_000);
});

describe('a server entry changed on disk after its upload', () => {
  const app = useApp();

  test('is not run: the page is left to the browser', async () => {
    const version = await app.s.deploy(
      'exports.renderPublicSite = async ({ frame }) => ({ html: frame("<h1>as uploaded</h1>"), data: [] });',
      'uploaded',
    );
    expect((await app.s.t.app.inject({ url: '/about' })).body).toContain('<h1>as uploaded</h1>');
    writeFileSync(
      path.join(app.s.t.dataDir, 'remotes', 'public-site', version, 'ssr', 'index.js'),
      'exports.renderPublicSite = async ({ frame }) => ({ html: frame("<h1>changed on disk</h1>"), data: [] });',
    );
    for (const url of ['/about', '/portfolio']) {
      const body = (await app.s.t.app.inject({ url })).body;
      expect(body).not.toContain('changed on disk');
      expect(body).toContain('<div id="root"></div>');
    }
  }, 60_000);
});

describe('an upload that unpacks past the limit', () => {
  const lines: string[] = [];
  const app = useApp({
    deploys: { keep: 3, limits: { uploadBytes: 16 * MB, unpackedBytes: MB, files: 50 } },
    logLevel: 'info',
    logStream: { write: (line: string) => void lines.push(line) },
  });

  test('is answered 413 over a real connection, and logged', async () => {
    // A gzip bomb in small (2 MB of zeros, about 2 KB compressed) refused on its first header, while 8 MB that do not
    // compress are still on their way: the answer comes once they are read, not as a reset connection.
    const dir = mkdtempSync(path.join(app.s.work, 'bomb-'));
    writeFileSync(path.join(dir, 'zeros.bin'), Buffer.alloc(2 * MB));
    writeFileSync(path.join(dir, 'noise.bin'), randomBytes(8 * MB));
    const chunks: Buffer[] = [];
    for await (const chunk of tarCreate({ cwd: dir, portable: true }, ['zeros.bin', 'noise.bin']))
      chunks.push(chunk as Buffer);
    const res = await fetch(`${app.base}/api/deploy/public-site/versions`, {
      method: 'PUT',
      headers: { 'content-type': 'application/gzip', authorization: `Bearer ${app.s.token}` },
      body: gzipSync(Buffer.concat(chunks)),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe('The upload unpacks to more than 1 MB.');
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'an upload was refused', status: 413, remote: 'public-site' }),
    );
  }, 30_000);
});
