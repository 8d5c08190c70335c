// The first paint on a phone's slow connection: a page the server writes (every address the site answers
// with its shell page) leaves compressed in the best coding the browser accepts, and as it is to a client that asks
// for none, with `Vary: Accept-Encoding` either way so a cache keeps the codings apart. The built pages and their
// stylesheets, in a real browser: e2e/tests/budgets.spec.ts.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMPRESS_MIN_BYTES, pageEncodingFor } from '../src/features/pages/compress-html';
import { build, type TestApp } from './helper';

// A shell page the size of a real one (the home page is about 12 KB), so it is worth compressing.
const SHELL_INDEX = `<!doctype html><html><head><title>Studio</title><!--studio-config--><!--studio-head--></head><body><div id="root"></div>${'<p>Editorial, commercial and runway modeling.</p>'.repeat(200)}</body></html>`;

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'studio-compress-'));
  const shellDir = path.join(dir, 'shell');
  mkdirSync(shellDir, { recursive: true });
  writeFileSync(path.join(shellDir, 'index.html'), SHELL_INDEX);
  t = await build({ shellDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('a page the server writes', () => {
  test.each(['/', '/portfolio', '/no-such-page'])(
    '%s leaves in brotli to a browser, the same page once decoded',
    async (url) => {
      const plain = await page(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

      const br = await page(url, 'gzip, deflate, br, zstd');
      expect(br.statusCode).toBe(plain.statusCode);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    },
  );

  test('in gzip to a client without brotli, and as it is to one that refuses both', async () => {
    const plain = await page('/');
    const gz = await page('/', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect((await page('/', 'br;q=0, gzip;q=0.5')).headers['content-encoding']).toBe('gzip');
    const refused = await page('/', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });
});

describe('pageEncodingFor', () => {
  test.each<[string | undefined, string]>([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['BR', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0.0, gzip; q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate, zstd', 'identity'],
    ['br;q=nonsense, gzip', 'gzip'],
  ])('%p -> %s', (header, expected) => {
    expect(pageEncodingFor(header)).toBe(expected);
  });
});
