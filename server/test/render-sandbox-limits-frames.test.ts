// The renderer cannot hurt the server (render-sandbox-limits.test.ts): the frame cap holds against a child that
// ignores the protocol, the kept pages are bounded, a server entry changed on disk after its upload does not run, and
// an upload that unpacks past the limit is answered 413 and logged.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { c as tarCreate } from 'tar';
import type { Backend } from '@studio/shared/data';
import { createRenderSandbox } from '../src/features/pages/render-sandbox';
import { frameReader, MAX_DATA_BYTES, MAX_HTML_BYTES } from '../src/features/pages/render-frames';
import { countingEntry, MB, peakRss, probeSystemFirst, renderNumber, useApp } from './render-sandbox-limits-support';

probeSystemFirst();

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
