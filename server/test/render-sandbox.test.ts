// A deploy token ships files, never code with the server's rights. A public-site version's server entry runs
// only in the sandboxed renderer (features/pages/render-sandbox.ts); the gate smoke-renders every public page with it before the
// version may go live; a render that hangs or a renderer that dies leaves the page to the browser and the next page
// gets a fresh renderer; an uploaded version that never went live is not served on the site's origin. Real uploads
// through the deploy API, real child processes, a real TCP listener for the socket attempts.
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import type { TestApp } from './helper';
import { renderersFor, sandboxApp, type SandboxApp } from './render-sandbox-support';
import { memoryBound, networkNamespace, RENDERER_ADDRESS_SPACE_BYTES } from '../src/features/pages/render-process';

// Each test uploads a version and smoke-renders every public page in fresh renderer processes (a namespace, an
// address-space limit, a Node start each): a few seconds alone, more while the emulators and a browser share the two
// cores, so jest's 5 s default would fail a test that is only slow. No assertion here is about time.
jest.setTimeout(30_000);

let s: SandboxApp;
let t: TestApp;
let work: string;
let listener: Server;
let connections: number;
let port: number;

beforeEach(async () => {
  s = await sandboxApp({ renderTimeoutMs: 1500 });
  ({ t, work } = s);
  connections = 0;
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
});

afterEach(async () => {
  await s.close();
  await new Promise((resolve) => listener.close(resolve));
});

/**
 * A server entry that tries every way we know to reach `what` from inside: a Node module by require, the global
 * process, the host's Function built from a string through a React object, a dynamic import, the global fetch. The
 * first that works is used and the page says GOT; when none does, the render fails naming each refusal.
 */
function hostileEntry(what: string, use: string): string {
  return `
    const tries = [
      () => require(${JSON.stringify(what)}),
      () => process.mainModule.require(${JSON.stringify(what)}),
      () => require('react').createElement.constructor('return process')().mainModule.require(${JSON.stringify(what)}),
      () => require('react').createElement.constructor('return import(${JSON.stringify(what)})')(),
      () => import(${JSON.stringify(what)}),
    ];
    exports.renderPublicSite = async ({ frame }) => {
      const refusals = [];
      for (const attempt of tries) {
        try {
          const mod = await attempt();
          const got = await (${use})(mod);
          return { html: frame('GOT ' + String(got)), data: [] };
        } catch (error) {
          refusals.push(String(error && error.message));
        }
      }
      throw new Error('nothing reachable: ' + refusals.join(' | '));
    };`;
}

async function expectRefused(entrySource: string) {
  const before = await s.liveManifest();
  const res = await s.upload(await s.buildWith(entrySource, 'hostile'));
  expect(res.statusCode).toBe(422);
  const [problem] = (res.json() as { fieldErrors: { gate: string[] } }).fieldErrors.gate;
  expect(problem).toMatch(/^Its server entry failed the smoke render: \/: Error: nothing reachable: /);
  expect(problem).toContain('A server entry may require only React');
  expect(problem).toContain('process is not defined');
  expect(problem).toContain('Code generation from strings disallowed');
  expect(await s.liveManifest()).toBe(before);
  return problem;
}

describe('a hostile server entry gets nothing, and the gate refuses it', () => {
  test('writing a file', async () => {
    const target = path.join(work, 'written-by-the-entry.txt');
    await expectRefused(
      hostileEntry('node:fs', `(fs) => { fs.writeFileSync(${JSON.stringify(target)}, 'x'); return 'written'; }`),
    );
    expect(existsSync(target)).toBe(false);
  });

  test('reading studio.sqlite', async () => {
    const db = path.join(t.dataDir, 'studio.sqlite');
    expect(existsSync(db)).toBe(true);
    await expectRefused(hostileEntry('node:fs', `(fs) => fs.readFileSync(${JSON.stringify(db)}).length`));
  });

  test('reading the environment', async () => {
    process.env.STUDIO_TEST_SECRET = 'a secret of the server';
    try {
      await expectRefused(hostileEntry('node:process', '(p) => JSON.stringify(p.env)'));
    } finally {
      delete process.env.STUDIO_TEST_SECRET;
    }
  });

  test('spawning a process', async () => {
    const marker = path.join(work, 'spawned');
    await expectRefused(
      hostileEntry('node:child_process', `(cp) => cp.execFileSync('touch', [${JSON.stringify(marker)}])`),
    );
    expect(existsSync(marker)).toBe(false);
  });

  test('opening a socket, by net or by fetch', async () => {
    await expectRefused(
      hostileEntry(
        'node:net',
        `(net) => new Promise((resolve, reject) => {
          const socket = net.connect(${port}, '127.0.0.1', () => resolve('connected'));
          socket.on('error', reject);
        })`,
      ),
    );
    const viaFetch = await s.upload(
      await s.buildWith(
        `exports.renderPublicSite = async ({ frame }) => {
          const response = await fetch('http://127.0.0.1:${port}/');
          return { html: frame('GOT ' + response.status), data: [] };
        };`,
        'fetch',
      ),
    );
    expect(viaFetch.statusCode).toBe(422);
    expect(viaFetch.body).toContain('fetch is not defined');
    expect(connections).toBe(0);
  });
});

test('a normal build is smoke-rendered on every public page, goes live, and its pages are rendered by a renderer with no rights', async () => {
  const version = await s.deploy(
    `exports.renderPublicSite = async ({ backend, frame }) => {
      const services = await backend.services.list();
      return { html: frame('<h1>good build, ' + services.length + ' services</h1>'), data: [[['services'], services]] };
    };`,
    'good',
  );
  expect(await s.liveManifest()).toBe(`/remotes/public-site/v/${version}/mf-manifest.json`);
  const paths = [
    '/',
    '/portfolio',
    '/about',
    '/book-me',
    ...(await t.repos.content.listServices()).map((s) => `/service/${s.id}`),
  ];
  expect(paths.length).toBeGreaterThan(4);
  for (const url of paths) {
    const body = (await t.app.inject({ url })).body;
    expect(body).toContain(`<div id="root"><nav>at ${url}</nav><h1>good build,`);
    expect(body).toContain('<script id="studio-data"');
  }

  // The renderer that made them: Node's permission model without writes, child processes, workers or addons, no
  // code generation from strings.
  const [pid] = renderersFor(version);
  expect(pid).toBeDefined();
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  expect(args).toContain('--experimental-permission');
  expect(args).toContain('--disallow-code-generation-from-strings');
  expect(args.filter((a) => /^--allow-(fs-write|child-process|worker|addons)/.test(a))).toEqual([]);
  const readable = args.filter((a) => a.startsWith('--allow-fs-read=')).map((a) => a.slice('--allow-fs-read='.length));
  expect(readable).not.toContain(t.dataDir);
  expect(readable.some((dir) => t.dataDir.startsWith(dir))).toBe(false);
  // Where the system lets an unprivileged user make one, the renderer has a network namespace of its own (no
  // interface but its own loopback); elsewhere the vm context and code generation rules are what keep it off sockets.
  if (networkNamespace()) expect(readlinkSync(`/proc/${pid}/ns/net`)).not.toBe(readlinkSync('/proc/self/ns/net'));
  // No environment but React's production switch, and no Node IPC channel (its messages are parsed whole by the
  // server before anything can refuse them): the renderer speaks in capped frames on a pipe of its own.
  const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  expect(environment).toEqual(['NODE_ENV=production']);
  // Its memory bounded by the system, whatever the entry allocates (ArrayBuffers are outside the heap's cap).
  const bound = await memoryBound();
  if (bound?.kind === 'address-space') {
    const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
    expect(limits).toMatch(new RegExp(`^Max address space\\s+${RENDERER_ADDRESS_SPACE_BYTES}\\s`, 'm'));
  } else if (bound?.kind === 'cgroup') {
    expect(readFileSync(`/proc/${pid}/cgroup`, 'utf8')).not.toBe(readFileSync('/proc/self/cgroup', 'utf8'));
  }
});

test('a render that hangs, or a renderer that dies, leaves the page to the browser; the next page is rendered again', async () => {
  // Each address its own page (the booking page reads selectedService), so none is answered from the kept pages.
  await s.deploy(
    `exports.renderPublicSite = async ({ frame }) => {
      const url = String(frame('')).match(/at ([^<]*)/)[1];
      if (url === '/book-me?selectedService=hang') for (;;) {}
      if (url === '/book-me?selectedService=slow') await new Promise((resolve) => setTimeout(resolve, 1000));
      return { html: frame('<h1>rendered</h1>'), data: [] };
    };`,
    'fragile',
  );
  // The smoke render passed (no page of the sitemap hangs); the live version renders.
  expect((await t.app.inject({ url: '/about' })).body).toContain('<h1>rendered</h1>');

  const hung = await t.app.inject({ url: '/book-me?selectedService=hang' });
  expect(hung.statusCode).toBe(200);
  expect(hung.body).toContain('<div id="root"></div>');
  expect((await t.app.inject({ url: '/book-me?selectedService=after-hang' })).body).toContain('<h1>rendered</h1>');

  // Killed from outside while rendering (as the kernel's OOM killer would).
  const slow = t.app.inject({ url: '/book-me?selectedService=slow' });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const renderers = renderersFor(t.dataDir);
  expect(renderers).toHaveLength(1);
  process.kill(renderers[0]!, 'SIGKILL');
  const died = await slow;
  expect(died.statusCode).toBe(200);
  expect(died.body).toContain('<div id="root"></div>');
  expect((await t.app.inject({ url: '/book-me?selectedService=after-kill' })).body).toContain('<h1>rendered</h1>');
  expect(renderersFor(t.dataDir)).not.toContain(renderers[0]);
});

test("an uploaded version that never went live is not served on the site's origin; once live it is", async () => {
  const uploaded = await s.upload(
    await s.buildWith('exports.renderPublicSite = async ({ frame }) => ({ html: frame(""), data: [] });', 'unreleased'),
  );
  expect(uploaded.statusCode).toBe(200);
  const { version } = uploaded.json() as { version: string };
  for (const file of ['remoteEntry.js', 'mf-manifest.json', 'ssr/index.js'])
    expect((await t.app.inject({ url: `/remotes/public-site/v/${version}/${file}` })).statusCode).toBe(404);

  expect((await s.goLive(version)).statusCode).toBe(200);
  const live = await t.app.inject({ url: `/remotes/public-site/v/${version}/remoteEntry.js` });
  expect(live.statusCode).toBe(200);
  expect(live.body).toBe('/* unreleased */');
});
