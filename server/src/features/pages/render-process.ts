// How the sandboxed renderer's process is started (render-sandbox.ts decides when): the deployed server entries never
// run in the server's process. The child runs under Node's permission model (read access to the entries' folders and
// React's packages only; no writes, no child processes, no workers, no addons), with an environment holding only
// NODE_ENV=production, code generation from strings off, its memory bounded by the OS (a cgroup where systemd can make
// one, else an address-space limit), and, where the system allows it, its own empty network namespace. Node 20's
// permission model does not cover the network; what keeps a renderer off sockets is described in docs/deploy.md
// ("The server entry's sandbox"). Each of the system's abilities is probed once per server process.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import { MAX_DATA_BYTES, MAX_HTML_BYTES, MAX_MESSAGE_BYTES } from './render-frames';

/** The packages the bundles leave external (scripts/webpack/create-ssr-config.cjs): the only ones they may require. */
const ENTRY_MODULES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/server',
  'react-dom/static',
  'react-router',
  'react-router-dom',
];
const PACKAGES = ['react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'];

/** The renderer's memory where a cgroup bounds it (heap, ArrayBuffers, code: everything it touches). */
export const RENDERER_MEMORY_BYTES = 512 * 1024 * 1024;
/**
 * The renderer's address space where only `prlimit` can bound it: Node reserves about 700 MB of it at start, the heap
 * is capped at 256 MB (--max-old-space-size) and pages render in a fraction of that, so the rest is what ArrayBuffers
 * and the like may take before an allocation fails.
 */
export const RENDERER_ADDRESS_SPACE_BYTES = 1280 * 1024 * 1024;

/** A command's file on the PATH. */
const which = (name: string) =>
  (process.env.PATH ?? '/usr/bin:/bin')
    .split(path.delimiter)
    .map((dir) => path.join(dir, name))
    .find((file) => existsSync(file));

/**
 * A command the renderer is started through, with the arguments it is started with: its file on the PATH when it runs
 * a bare node with them here, else null. Probed once per server process, at the first call.
 */
function commandThatRuns(name: string, args: readonly string[]): () => string | null {
  let probed: string | null | undefined;
  return () => {
    if (probed === undefined) {
      const found = which(name);
      const works =
        found !== undefined &&
        spawnSync(found, [...args, process.execPath, '-e', ''], { stdio: 'ignore', timeout: 5000 }).status === 0;
      probed = works ? found : null;
    }
    return probed;
  };
}

const UNSHARE_ARGS = ['--user', '--map-current-user', '--net', '--'];
/**
 * `unshare` when this system lets an unprivileged user make a user and network namespace (most Linux systems; not
 * containers whose seccomp profile forbids it): the child then has no network interface but its own loopback.
 */
export const networkNamespace = commandThatRuns('unshare', UNSHARE_ARGS);

const SETPRIV_ARGS = ['--pdeathsig', 'KILL', '--'];
/**
 * `setpriv --pdeathsig KILL` where the system has it (util-linux, beside `unshare`): the kernel kills the renderer when
 * the server's process ends, even by SIGKILL, even while a hostile entry keeps the renderer's event loop busy (its own
 * 'disconnect' check could never run then). Kept across the exec of `unshare` and node.
 */
export const parentDeathSignal = commandThatRuns('setpriv', SETPRIV_ARGS);

/** How the OS bounds a renderer's memory: the command the renderer is started through, and which bound it is. */
export interface MemoryBound {
  kind: 'cgroup' | 'address-space';
  command: string[];
}

const runs = (command: string[]) =>
  new Promise<boolean>((resolve) => {
    const [file = '', ...args] = command;
    execFile(file, [...args, process.execPath, '-e', ''], { timeout: 5000 }, (error) => resolve(error === null));
  });

let memoryBoundProbe: Promise<MemoryBound | null> | undefined;
/**
 * A cgroup of its own where systemd can make one for this user (`systemd-run --scope` with MemoryMax: the kernel
 * counts every page the renderer touches, ArrayBuffers included, which --max-old-space-size does not), else an
 * address-space limit (`prlimit --as`, util-linux), else none. Probed once, without blocking the server.
 */
export function memoryBound(): Promise<MemoryBound | null> {
  memoryBoundProbe ??= (async () => {
    const systemd = which('systemd-run');
    if (systemd) {
      const command = [
        systemd,
        ...(process.getuid?.() === 0 ? [] : ['--user']),
        '--scope',
        '--quiet',
        '--collect',
        '--no-ask-password',
        '-p',
        `MemoryMax=${RENDERER_MEMORY_BYTES}`,
        '-p',
        'MemorySwapMax=0',
        '--',
      ];
      if (await runs(command)) return { kind: 'cgroup', command };
    }
    const prlimit = which('prlimit');
    if (prlimit) {
      const command = [prlimit, `--as=${RENDERER_ADDRESS_SPACE_BYTES}`, '--'];
      if (await runs(command)) return { kind: 'address-space', command };
    }
    return null;
  })();
  return memoryBoundProbe;
}

/** The folder each package is installed in, and the file each entry module resolves to, from this server. */
function resolvedModules() {
  const modules = Object.fromEntries(ENTRY_MODULES.map((name) => [name, require.resolve(name)]));
  const folders = PACKAGES.flatMap((name) => {
    try {
      return [path.dirname(require.resolve(`${name}/package.json`))];
    } catch {
      return [];
    }
  });
  return { modules, folders };
}

/** What a renderer is started with: its script and the two entries whose folders it may read. */
export interface RendererFiles {
  /** render-sandbox-child.cjs (beside this file in the sources, in dist/features/pages once compiled). */
  childFile: string;
  shellEntry: string;
  siteEntry: string;
}

/**
 * Starts a renderer, confined as above and bounded by `bound` where the system gives one. Its only channel is the
 * pipe returned, its fd 3: it is handed the entries' bytes there, not read from disk.
 */
export function spawnRenderer(files: RendererFiles, bound: MemoryBound | null): { child: ChildProcess; pipe: Socket } {
  const { modules, folders } = resolvedModules();
  // Each path once: Node 20 aborts at start when one --allow-fs-read names a path twice.
  const readable = [
    ...new Set([files.childFile, path.dirname(files.shellEntry), path.dirname(files.siteEntry), ...folders]),
  ];
  const nodeArgs = [
    '--experimental-permission',
    // One flag per path: Node 20 reads a comma in the value as part of the path.
    ...readable.map((file) => `--allow-fs-read=${file}`),
    '--disallow-code-generation-from-strings',
    '--max-old-space-size=256',
    '--no-warnings',
    files.childFile,
    JSON.stringify({
      modules,
      shellEntry: files.shellEntry,
      siteEntry: files.siteEntry,
      limits: { message: MAX_MESSAGE_BYTES, html: MAX_HTML_BYTES, data: MAX_DATA_BYTES },
    }),
  ];
  const unshare = networkNamespace();
  const setpriv = parentDeathSignal();
  const [command = process.execPath, ...args] = [
    ...(setpriv ? [setpriv, ...SETPRIV_ARGS] : []),
    ...(bound?.command ?? []),
    ...(unshare ? [unshare, ...UNSHARE_ARGS] : []),
    process.execPath,
    ...nodeArgs,
  ];
  // No environment but NODE_ENV (React's production build): nothing the server knows (SMTP, Twilio, secrets) is
  // the renderer's. Its only channel is fd 3, a pipe of its own.
  const child = spawn(command, args, {
    env: { NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  return { child, pipe: child.stdio[3] as Socket };
}
