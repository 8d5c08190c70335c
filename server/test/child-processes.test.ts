// A server killed with SIGKILL once left its demo-image renderer running (190-345 MB and 60% CPU
// each; after 9 crashes the next start took over 30 s instead of 2 s). A real server process here, with the demo's
// image renderer at work and the sandboxed page renderer stuck in a page that never finishes (a hostile or broken
// entry: its event loop never turns, so only the kernel can end it), is killed with SIGKILL: every process it
// started is gone moments later.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../e2e/support/server';

jest.setTimeout(90_000);

// Far below the minutes an orphaned renderer went on for.
const GONE_WITHIN_MS = 5_000;

interface ProcessInfo {
  pid: number;
  ppid: number;
  state: string;
  cpuTicks: number;
  command: string;
}

/** What /proc says of a process, or undefined once it has ended (a zombie has ended too: it only awaits its reaper). */
function processInfo(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold anything: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const state = fields[0] ?? '';
    if (state === 'Z' || state === 'X') return undefined;
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    return {
      pid,
      ppid: Number(fields[1]),
      state,
      cpuTicks: Number(fields[11]) + Number(fields[12]),
      command,
    };
  } catch {
    return undefined;
  }
}

const childrenOf = (parent: number): ProcessInfo[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => processInfo(Number(name)))
    .filter((p): p is ProcessInfo => p !== undefined && p.ppid === parent);

/** Polls `check` every 50 ms until it answers something, or fails naming `what` after `withinMs`. */
async function waitFor<T>(what: string, check: () => T | undefined, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let work: string;
let server: RunningServer | undefined;
let started: number[] = [];

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'studio-children-'));
  const shellDir = path.join(work, 'shell');
  const siteDir = path.join(work, 'public-site');
  mkdirSync(path.join(shellDir, 'ssr'), { recursive: true });
  mkdirSync(path.join(siteDir, 'ssr'), { recursive: true });
  writeFileSync(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html><head><script id="studio-config" type="application/json">{}</script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(shellDir, 'ssr', 'index.js'), 'exports.shellFrame = ({ publicSite }) => publicSite;');
  // A page that never finishes: the renderer's event loop never turns again.
  writeFileSync(path.join(siteDir, 'ssr', 'index.js'), 'exports.renderPublicSite = async () => { for (;;) {} };');
  writeFileSync(
    path.join(siteDir, 'mf-manifest.json'),
    JSON.stringify({ name: 'public_site', metaData: { ssrRemoteEntry: { path: 'ssr', name: 'index.js' } } }),
  );
});

afterAll(async () => {
  // Whatever outlived a failed run is ended here, by the ids this test saw, so it does not slow what runs next.
  for (const pid of started) {
    if (processInfo(pid)) process.kill(pid, 'SIGKILL');
  }
  if (server && server.process.exitCode === null && server.process.signalCode === null) await server.stop();
  rmSync(work, { recursive: true, force: true });
});

test('a server killed with SIGKILL takes its image renderer and its page renderer with it', async () => {
  server = await startServer({
    RENDER_IMAGES_AT_START: 'true',
    SHELL_DIR: path.join(work, 'shell'),
    PUBLIC_SITE_DIR: path.join(work, 'public-site'),
  });
  const serverPid = server.process.pid!;
  // The demo's image renderer starts once the server listens; the page renderer with the first public page.
  const imageRenderer = await waitFor(
    "the demo's image renderer",
    () => childrenOf(serverPid).find((p) => p.command.includes('render-images')),
    20_000,
  );
  const page = fetch(`${server.url}/`).catch(() => undefined);
  const pageRenderer = await waitFor(
    'the page renderer, stuck in its page (a second of CPU)',
    () => childrenOf(serverPid).find((p) => p.command.includes('render-sandbox-child') && p.cpuTicks >= 100),
    30_000,
  );
  const children = childrenOf(serverPid);
  started = children.map((p) => p.pid);
  expect(started).toEqual(expect.arrayContaining([imageRenderer.pid, pageRenderer.pid]));

  const exited = new Promise((resolve) => server!.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  await exited;
  await page;

  const left = await waitFor(
    'every process the server started has ended',
    () => {
      const alive = started.map(processInfo).filter((p) => p !== undefined);
      return alive.length === 0 ? [] : undefined;
    },
    GONE_WITHIN_MS,
  ).catch(() => started.map(processInfo).filter((p) => p !== undefined));
  expect(left).toEqual([]);
});
