// The server's side of the sandboxed renderer (render-sandbox-child.cjs): the deployed server entries never run in
// the server's process. One child process per pair of entries (the shell's and one public-site version's), started
// with Node's permission model (read access to the entries' folders and React's packages only; no writes, no child
// processes, no workers, no addons), an empty environment, code generation from strings off, and, where the system
// allows it, its own empty network namespace. Node 20's permission model does not cover the network; what keeps a
// renderer off sockets is described in docs/deploy.md ("The server entry's sandbox").
//
// Everything the child sends is untrusted: a read must be one of the public reads below, with JSON arguments, a page
// must be a string of bounded size; anything else ends the child. A render that takes too long or a child that dies
// fails the page (the caller sends the browser-rendered shell) and the next render starts a fresh child.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Backend } from '@studio/shared/data';
import type { PlainFormPost } from '@studio/shared/domain/plain-form';

/** What a public page may read while it renders: the visitor's reads, never the admin's or a write. */
export const PUBLIC_READS: ReadonlySet<string> = new Set([
  'services.list',
  'portfolio.getMeta',
  'portfolio.getContent',
  'portfolio.getProject',
  'portfolio.getGallery',
  'portfolio.listProjects',
  'content.getSite',
  'availability.getPublic',
]);

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

const MAX_HTML_CHARS = 4 * 1024 * 1024;
const MAX_READS_PER_RENDER = 200;
const START_TIMEOUT_MS = 10_000;

export interface RenderedByEntries {
  html: string;
  data: Array<[unknown, unknown]>;
}

export interface RenderSandboxOptions {
  /** render-sandbox-child.cjs (beside this file in the sources, in dist/lib once compiled). */
  childFile: string;
  shellEntry: string;
  siteEntry: string;
  backend: Backend;
  /** A render that has not answered by then kills the child. */
  timeoutMs: number;
  log: { warn(obj: unknown, msg: string): void };
}

let unshareCommand: string | null | undefined;
/**
 * `unshare` when this system lets an unprivileged user make a user and network namespace (most Linux systems; not
 * containers whose seccomp profile forbids it): the child then has no network interface but its own loopback.
 */
export function networkNamespace(): string | null {
  if (unshareCommand !== undefined) return unshareCommand;
  const found = (process.env.PATH ?? '/usr/bin:/bin')
    .split(path.delimiter)
    .map((dir) => path.join(dir, 'unshare'))
    .find((file) => existsSync(file));
  const works =
    found !== undefined &&
    spawnSync(found, ['--user', '--map-current-user', '--net', '--', process.execPath, '-e', ''], {
      stdio: 'ignore',
      timeout: 5000,
    }).status === 0;
  unshareCommand = works ? found : null;
  return unshareCommand;
}

let setprivCommand: string | null | undefined;
/**
 * `setpriv --pdeathsig KILL` where the system has it (util-linux, beside `unshare`): the kernel kills the renderer when
 * the server's process ends, even by SIGKILL, even while a hostile entry keeps the renderer's event loop busy (its own
 * 'disconnect' check could never run then). Kept across the exec of `unshare` and node.
 */
export function parentDeathSignal(): string | null {
  if (setprivCommand !== undefined) return setprivCommand;
  const found = (process.env.PATH ?? '/usr/bin:/bin')
    .split(path.delimiter)
    .map((dir) => path.join(dir, 'setpriv'))
    .find((file) => existsSync(file));
  const works =
    found !== undefined &&
    spawnSync(found, ['--pdeathsig', 'KILL', '--', process.execPath, '-e', ''], { stdio: 'ignore', timeout: 5000 })
      .status === 0;
  setprivCommand = works ? found : null;
  return setprivCommand;
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

function isJson(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.length <= 50 && value.every((v) => isJson(v, depth + 1));
  if (typeof value === 'object')
    return Object.entries(value).length <= 50 && Object.values(value).every((v) => isJson(v, depth + 1));
  return false;
}

const errorOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return {
    code: typeof code === 'string' ? code : 'internal',
    message: error instanceof Error ? error.message : 'The read failed.',
  };
};

type ChildMessage =
  | { type: 'ready' }
  | { type: 'load-failed'; message: string }
  | { type: 'read'; render: number; call: number; port: string; method: string; args: unknown[] }
  | { type: 'rendered'; id: number; html: string; data: Array<[unknown, unknown]> }
  | { type: 'failed'; id: number; message: string };

/** Why the child cannot render, for the log and the gate's message. */
export class RenderFailed extends Error {}

export function createRenderSandbox(options: RenderSandboxOptions) {
  let child: ChildProcess | undefined;
  let ready: Promise<void> | undefined;
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve(page: RenderedByEntries): void; reject(error: Error): void; reads: number; timer: NodeJS.Timeout }
  >();

  function failAll(error: Error) {
    for (const [id, render] of pending) {
      clearTimeout(render.timer);
      pending.delete(id);
      render.reject(error);
    }
  }

  function stop(reason: string) {
    const current = child;
    child = undefined;
    ready = undefined;
    if (current && current.exitCode === null && current.signalCode === null) current.kill('SIGKILL');
    failAll(new RenderFailed(reason));
  }

  async function answerRead(current: ChildProcess, message: Extract<ChildMessage, { type: 'read' }>) {
    const render = pending.get(message.render);
    const name = `${String(message.port)}.${String(message.method)}`;
    if (!render || !PUBLIC_READS.has(name) || !Array.isArray(message.args) || !isJson(message.args)) {
      current.send({
        type: 'answer',
        call: message.call,
        ok: false,
        error: { code: 'forbidden', message: `A server render may not call ${name}.` },
      });
      return;
    }
    if (++render.reads > MAX_READS_PER_RENDER) {
      stop(`The render read more than ${MAX_READS_PER_RENDER} times.`);
      return;
    }
    const port = options.backend[message.port as keyof Backend] as unknown as Record<
      string,
      (...args: unknown[]) => Promise<unknown>
    >;
    try {
      const value = await port[message.method]!(...message.args);
      if (child === current) current.send({ type: 'answer', call: message.call, ok: true, value });
    } catch (error) {
      if (child === current) current.send({ type: 'answer', call: message.call, ok: false, error: errorOf(error) });
    }
  }

  function onMessage(current: ChildProcess, raw: unknown, started: { resolve(): void; reject(e: Error): void }) {
    const message = raw as ChildMessage;
    if (typeof message !== 'object' || message === null) return stop('The renderer sent something unreadable.');
    switch (message.type) {
      case 'ready':
        return started.resolve();
      case 'load-failed':
        started.reject(new RenderFailed(String(message.message).slice(0, 500)));
        return stop('The entries could not be loaded.');
      case 'read':
        void answerRead(current, message);
        return;
      case 'rendered':
      case 'failed': {
        const render = pending.get(message.id);
        if (!render) return;
        clearTimeout(render.timer);
        pending.delete(message.id);
        if (message.type === 'failed') return render.reject(new RenderFailed(String(message.message).slice(0, 500)));
        if (typeof message.html !== 'string' || message.html.length > MAX_HTML_CHARS || !Array.isArray(message.data))
          return render.reject(new RenderFailed('The render answered no page.'));
        return render.resolve({ html: message.html, data: message.data });
      }
      default:
        return stop('The renderer sent a message it may not send.');
    }
  }

  function start(): Promise<void> {
    const { modules, folders } = resolvedModules();
    const readable = [options.childFile, path.dirname(options.shellEntry), path.dirname(options.siteEntry), ...folders];
    const nodeArgs = [
      '--experimental-permission',
      // One flag per path: Node 20 reads a comma in the value as part of the path.
      ...readable.map((file) => `--allow-fs-read=${file}`),
      '--disallow-code-generation-from-strings',
      '--max-old-space-size=256',
      '--no-warnings',
      options.childFile,
      JSON.stringify({ modules, shellEntry: options.shellEntry, siteEntry: options.siteEntry }),
    ];
    const unshare = networkNamespace();
    const setpriv = parentDeathSignal();
    const [command = process.execPath, ...args] = [
      ...(setpriv ? [setpriv, '--pdeathsig', 'KILL', '--'] : []),
      ...(unshare ? [unshare, '--user', '--map-current-user', '--net', '--'] : []),
      process.execPath,
      ...nodeArgs,
    ];
    // No environment: nothing the server knows (SMTP, Twilio, secrets) is the renderer's.
    const current = spawn(command, args, {
      env: {},
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'json',
    });
    child = current;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new RenderFailed('The renderer did not start in time.'));
        if (child === current) stop('The renderer did not start in time.');
      }, START_TIMEOUT_MS);
      const started = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      current.on('message', (message) => {
        if (child === current) onMessage(current, message, started);
      });
      current.on('error', (error) => {
        started.reject(new RenderFailed(`The renderer could not start: ${error.message}`));
        if (child === current) stop('The renderer could not start.');
      });
      current.on('exit', (code, signal) => {
        started.reject(new RenderFailed(`The renderer stopped (${signal ?? `exit ${code}`}).`));
        if (child === current) {
          options.log.warn({ code, signal }, 'the server renderer stopped; the next page starts a new one');
          stop(`The renderer stopped (${signal ?? `exit ${code}`}).`);
        }
      });
    });
  }

  return {
    /** The entries' HTML and data for `url`; rejects with RenderFailed (the caller falls back to the shell). */
    async render(url: string, brand: string, formPost?: PlainFormPost): Promise<RenderedByEntries> {
      if (!ready) {
        ready = start();
        // A start that failed is tried again by the next render.
        ready.catch(() => (ready = undefined));
      }
      await ready;
      const current = child;
      if (!current) throw new RenderFailed('The renderer stopped.');
      const id = ++nextId;
      return new Promise<RenderedByEntries>((resolve, reject) => {
        const timer = setTimeout(() => {
          if (child === current) stop(`The render of ${url.split('?')[0]} took longer than ${options.timeoutMs} ms.`);
        }, options.timeoutMs);
        pending.set(id, { resolve, reject, reads: 0, timer });
        current.send({ type: 'render', id, url, brand, ...(formPost ? { formPost } : {}) });
      });
    },
    /** The child's process id while one runs (tests read its environment). */
    pid: () => child?.pid,
    close() {
      stop('The renderer was closed.');
    },
  };
}

export type RenderSandbox = ReturnType<typeof createRenderSandbox>;
