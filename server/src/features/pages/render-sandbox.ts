// The server's side of the sandboxed renderer (render-sandbox-child.cjs): the deployed server entries never run in
// the server's process. One child process per pair of entries (the shell's and one public-site version's), started
// with Node's permission model (read access to the entries' folders and React's packages only; no writes, no child
// processes, no workers, no addons), an environment holding only NODE_ENV=production, code generation from strings
// off, its memory bounded by the OS (a cgroup where systemd can make one, else an address-space limit), and, where the
// system allows it, its own empty network namespace. Node 20's permission model does not cover the network; what
// keeps a renderer off sockets is described in docs/deploy.md ("The server entry's sandbox").
//
// Everything the child sends is untrusted. It talks over its own pipe (fd 3) in length-prefixed frames, never Node's
// IPC: Node parses an IPC message whole on this thread before anyone can look at it, so one 80 MB message stalled the
// server for seconds. Here each frame's header (length and kind) is judged first, and a frame longer than its kind
// allows ends the child before any of it is kept or parsed. A read must be one of the public reads below, with small
// JSON arguments; a page is its HTML and its data, each of bounded size; anything else ends the child. A render that
// takes too long or a child that dies fails the page (the caller sends the browser-rendered shell) and the next render
// starts a fresh child. The entries' bytes are read here, checked against the version's integrity record when there is
// one, and handed to the child, so a file changed on disk after its upload never runs.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Backend } from '@studio/shared/data';
import type { PlainFormPost } from '@studio/shared/domain/plain-form';
import { sriOf } from '../deploys';

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

/** A page's markup, in UTF-8 bytes. */
export const MAX_HTML_BYTES = 4 * 1024 * 1024;
/** A page's data (the reads' answers it hands the browser), as JSON bytes: bounded like its markup. */
export const MAX_DATA_BYTES = 2 * 1024 * 1024;
/** Any other frame from the child (a read, a failure): a read names a port, a method and a few small arguments. */
export const MAX_MESSAGE_BYTES = 64 * 1024;
/** An entry bundle read here to be checked and handed over (public-site's is a few hundred KB). */
const MAX_ENTRY_BYTES = 32 * 1024 * 1024;
/** Answers written to the child that it has not read yet: a child that stops reading ends before this holds more. */
const MAX_UNREAD_BYTES = 16 * 1024 * 1024;
/** The renderer's memory where a cgroup bounds it (heap, ArrayBuffers, code: everything it touches). */
export const RENDERER_MEMORY_BYTES = 512 * 1024 * 1024;
/**
 * The renderer's address space where only `prlimit` can bound it: Node reserves about 700 MB of it at start, the heap
 * is capped at 256 MB (--max-old-space-size) and pages render in a fraction of that, so the rest is what ArrayBuffers
 * and the like may take before an allocation fails.
 */
export const RENDERER_ADDRESS_SPACE_BYTES = 1280 * 1024 * 1024;
const MAX_READS_PER_RENDER = 200;
const START_TIMEOUT_MS = 10_000;

/** A frame: 4 bytes of body length (big-endian), 1 byte of kind, the body. */
const HEADER_BYTES = 5;
/** What the child sends. */
const FROM_CHILD = { ready: 1, loadFailed: 2, read: 3, rendered: 4, failed: 5 } as const;
/** What the server sends. */
const TO_CHILD = { load: 11, render: 12, answer: 13 } as const;
/** The longest body each kind of frame from the child may have; a kind not listed ends the child. */
const FRAME_LIMITS: ReadonlyMap<number, number> = new Map([
  [FROM_CHILD.ready, 0],
  [FROM_CHILD.loadFailed, MAX_MESSAGE_BYTES],
  [FROM_CHILD.read, MAX_MESSAGE_BYTES],
  // The render's id, the markup's length, the markup, the data.
  [FROM_CHILD.rendered, 8 + MAX_HTML_BYTES + MAX_DATA_BYTES],
  [FROM_CHILD.failed, MAX_MESSAGE_BYTES],
]);

export interface RenderedByEntries {
  html: string;
  data: Array<[unknown, unknown]>;
}

export interface RenderSandboxOptions {
  /** render-sandbox-child.cjs (beside this file in the sources, in dist/features/pages once compiled). */
  childFile: string;
  shellEntry: string;
  siteEntry: string;
  /**
   * The site entry's integrity as recorded at its upload (`sha384-...`, features/deploys/version-integrity.ts): bytes that
   * hash otherwise are never handed to a renderer. Absent for a build that was never uploaded (the build output).
   */
  siteEntryIntegrity?: string;
  backend: Backend;
  /** A render that has not answered by then kills the child. */
  timeoutMs: number;
  log: { warn(obj: unknown, msg: string): void };
}

/** A command's file on the PATH. */
const which = (name: string) =>
  (process.env.PATH ?? '/usr/bin:/bin')
    .split(path.delimiter)
    .map((dir) => path.join(dir, name))
    .find((file) => existsSync(file));

let unshareCommand: string | null | undefined;
/**
 * `unshare` when this system lets an unprivileged user make a user and network namespace (most Linux systems; not
 * containers whose seccomp profile forbids it): the child then has no network interface but its own loopback.
 */
export function networkNamespace(): string | null {
  if (unshareCommand !== undefined) return unshareCommand;
  const found = which('unshare');
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
  const found = which('setpriv');
  const works =
    found !== undefined &&
    spawnSync(found, ['--pdeathsig', 'KILL', '--', process.execPath, '-e', ''], { stdio: 'ignore', timeout: 5000 })
      .status === 0;
  setprivCommand = works ? found : null;
  return setprivCommand;
}

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
let warnedUnbounded = false;

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

/** A frame for the child. */
const frameOf = (kind: number, body: Buffer) => {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32BE(body.length, 0);
  header[4] = kind;
  return Buffer.concat([header, body]);
};

/**
 * Cuts the child's byte stream into frames. A frame's header is judged as soon as its 5 bytes are in: a kind with no
 * limit, or a length over its kind's limit, is refused there, and nothing more of the stream is kept.
 */
export function frameReader(
  limits: ReadonlyMap<number, number>,
  onFrame: (kind: number, body: Buffer) => void,
  onRefused: (reason: string) => void,
): (chunk: Buffer) => void {
  let chunks: Buffer[] = [];
  let buffered = 0;
  let header: { kind: number; length: number } | undefined;
  let refused = false;
  const take = (bytes: number) => {
    const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, buffered);
    const rest = all.subarray(bytes);
    chunks = rest.length > 0 ? [rest] : [];
    buffered = rest.length;
    return all.subarray(0, bytes);
  };
  const refuse = (reason: string) => {
    refused = true;
    chunks = [];
    buffered = 0;
    onRefused(reason);
  };
  return (chunk) => {
    if (refused) return;
    chunks.push(chunk);
    buffered += chunk.length;
    for (;;) {
      if (!header) {
        if (buffered < HEADER_BYTES) return;
        const bytes = take(HEADER_BYTES);
        const kind = bytes[4]!;
        const length = bytes.readUInt32BE(0);
        const limit = limits.get(kind);
        if (limit === undefined) return refuse('The renderer sent a frame of a kind it may not send.');
        if (length > limit) return refuse(`The renderer sent a frame of ${length} bytes; at most ${limit} are read.`);
        header = { kind, length };
      }
      if (buffered < header.length) return;
      const { kind, length } = header;
      header = undefined;
      onFrame(kind, take(length));
      if (refused) return;
    }
  };
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

interface ReadRequest {
  render: number;
  call: number;
  port: string;
  method: string;
  args: unknown[];
}

/** Why the child cannot render, for the log and the gate's message. */
export class RenderFailed extends Error {}

/** An entry's bytes, for the child; refused past MAX_ENTRY_BYTES (read whole into this process). */
async function readEntry(file: string): Promise<Buffer> {
  if ((await stat(file)).size > MAX_ENTRY_BYTES)
    throw new RenderFailed(`The server entry ${path.basename(file)} is larger than ${MAX_ENTRY_BYTES} bytes.`);
  return readFile(file);
}

export function createRenderSandbox(options: RenderSandboxOptions) {
  let child: ChildProcess | undefined;
  let channel: Socket | undefined;
  let ready: Promise<void> | undefined;
  let nextId = 0;
  /** Bumped by every stop: a start under way when it changes gives up rather than leave a child nobody tracks. */
  let generation = 0;
  let closed = false;
  /** Reads naming no render under way (a legit entry's stray read after its page was done): bounded all the same. */
  let strayReads = 0;
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
    generation += 1;
    child = undefined;
    ready = undefined;
    channel?.destroy();
    channel = undefined;
    if (current && current.exitCode === null && current.signalCode === null) current.kill('SIGKILL');
    failAll(new RenderFailed(reason));
  }

  function send(current: ChildProcess, kind: number, body: Buffer) {
    if (child !== current || !channel) return;
    channel.write(frameOf(kind, body));
    if (channel.writableLength > MAX_UNREAD_BYTES) stop('The renderer stopped reading what the server sends it.');
  }

  const sendJson = (current: ChildProcess, kind: number, value: unknown) =>
    send(current, kind, Buffer.from(JSON.stringify(value)));

  async function answerRead(current: ChildProcess, message: ReadRequest) {
    const render = pending.get(message.render);
    if (!render && ++strayReads > MAX_READS_PER_RENDER) {
      stop('The renderer read more than it rendered.');
      return;
    }
    const name = `${String(message.port)}.${String(message.method)}`;
    if (!render || !PUBLIC_READS.has(name) || !Array.isArray(message.args) || !isJson(message.args)) {
      // The name the child asked for is not echoed: it is the child's own string (it knows what it asked for).
      sendJson(current, TO_CHILD.answer, {
        call: message.call,
        ok: false,
        error: { code: 'forbidden', message: 'A server render may make only the public reads, with small arguments.' },
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
      sendJson(current, TO_CHILD.answer, { call: message.call, ok: true, value });
    } catch (error) {
      sendJson(current, TO_CHILD.answer, { call: message.call, ok: false, error: errorOf(error) });
    }
  }

  /** A 'rendered' frame: the render's id, the markup's byte length, the markup, the data as JSON. */
  function onRendered(body: Buffer) {
    if (body.length < 8) return stop('The renderer sent a page it may not send.');
    const render = pending.get(body.readUInt32BE(0));
    if (!render) return stop('The renderer answered a render that was not asked for.');
    const id = body.readUInt32BE(0);
    clearTimeout(render.timer);
    pending.delete(id);
    const htmlBytes = body.readUInt32BE(4);
    const dataBytes = body.length - 8 - htmlBytes;
    if (htmlBytes > MAX_HTML_BYTES || dataBytes < 0 || dataBytes > MAX_DATA_BYTES)
      return render.reject(new RenderFailed('The render answered a page larger than a page may be.'));
    let data: unknown;
    try {
      data = JSON.parse(body.toString('utf8', 8 + htmlBytes));
    } catch {
      return render.reject(new RenderFailed('The render answered data that is not JSON.'));
    }
    if (!Array.isArray(data)) return render.reject(new RenderFailed('The render answered no page.'));
    return render.resolve({ html: body.toString('utf8', 8, 8 + htmlBytes), data: data as Array<[unknown, unknown]> });
  }

  function onFrame(
    current: ChildProcess,
    kind: number,
    body: Buffer,
    started: { resolve(): void; reject(e: Error): void },
  ) {
    switch (kind) {
      case FROM_CHILD.ready:
        return started.resolve();
      case FROM_CHILD.loadFailed:
        started.reject(new RenderFailed(body.toString('utf8', 0, 500)));
        return stop('The entries could not be loaded.');
      case FROM_CHILD.read: {
        let message: ReadRequest;
        try {
          message = JSON.parse(body.toString('utf8')) as ReadRequest;
        } catch {
          return stop('The renderer sent something unreadable.');
        }
        if (typeof message !== 'object' || message === null) return stop('The renderer sent something unreadable.');
        void answerRead(current, message);
        return;
      }
      case FROM_CHILD.rendered:
        return onRendered(body);
      case FROM_CHILD.failed: {
        if (body.length < 4) return stop('The renderer sent a failure it may not send.');
        const id = body.readUInt32BE(0);
        const render = pending.get(id);
        if (!render) return stop('The renderer answered a render that was not asked for.');
        clearTimeout(render.timer);
        pending.delete(id);
        return render.reject(new RenderFailed(body.toString('utf8', 4, 504)));
      }
    }
  }

  async function start(): Promise<void> {
    const startedIn = generation;
    const [shellSource, siteSource] = await Promise.all([readEntry(options.shellEntry), readEntry(options.siteEntry)]);
    if (
      options.siteEntryIntegrity !== undefined &&
      sriOf(createHash('sha384').update(siteSource).digest()) !== options.siteEntryIntegrity
    ) {
      throw new RenderFailed('The server entry is not the file that was uploaded (it changed on disk since): not run.');
    }
    const bound = await memoryBound();
    if (startedIn !== generation || closed) throw new RenderFailed('The renderer was stopped.');
    if (!bound && !warnedUnbounded) {
      warnedUnbounded = true;
      options.log.warn(
        {},
        "the server renderer's memory is not bounded by the system (neither systemd-run nor prlimit works here)",
      );
    }
    const { modules, folders } = resolvedModules();
    // Each path once: Node 20 aborts at start when one --allow-fs-read names a path twice.
    const readable = [
      ...new Set([options.childFile, path.dirname(options.shellEntry), path.dirname(options.siteEntry), ...folders]),
    ];
    const nodeArgs = [
      '--experimental-permission',
      // One flag per path: Node 20 reads a comma in the value as part of the path.
      ...readable.map((file) => `--allow-fs-read=${file}`),
      '--disallow-code-generation-from-strings',
      '--max-old-space-size=256',
      '--no-warnings',
      options.childFile,
      JSON.stringify({
        modules,
        shellEntry: options.shellEntry,
        siteEntry: options.siteEntry,
        limits: { message: MAX_MESSAGE_BYTES, html: MAX_HTML_BYTES, data: MAX_DATA_BYTES },
      }),
    ];
    const unshare = networkNamespace();
    const setpriv = parentDeathSignal();
    const [command = process.execPath, ...args] = [
      ...(setpriv ? [setpriv, '--pdeathsig', 'KILL', '--'] : []),
      ...(bound?.command ?? []),
      ...(unshare ? [unshare, '--user', '--map-current-user', '--net', '--'] : []),
      process.execPath,
      ...nodeArgs,
    ];
    // No environment but NODE_ENV (React's production build): nothing the server knows (SMTP, Twilio, secrets) is
    // the renderer's. Its only channel is fd 3, a pipe of its own.
    const current = spawn(command, args, {
      env: { NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    const pipe = current.stdio[3] as Socket;
    child = current;
    channel = pipe;
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
      const read = frameReader(
        FRAME_LIMITS,
        (kind, body) => {
          if (child === current) onFrame(current, kind, body, started);
        },
        (reason) => {
          started.reject(new RenderFailed(reason));
          if (child === current) stop(reason);
        },
      );
      pipe.on('data', (chunk: Buffer) => {
        if (child === current) read(chunk);
      });
      // A write to a child that died: its 'exit' says so.
      pipe.on('error', () => undefined);
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
      // The entries' bytes as checked above: [shell's length][shell][site].
      const lengths = Buffer.alloc(4);
      lengths.writeUInt32BE(shellSource.length, 0);
      send(current, TO_CHILD.load, Buffer.concat([lengths, shellSource, siteSource]));
    });
  }

  return {
    /** The entries' HTML and data for `url`; rejects with RenderFailed (the caller falls back to the shell). */
    async render(url: string, brand: string, formPost?: PlainFormPost): Promise<RenderedByEntries> {
      if (closed) throw new RenderFailed('The renderer was closed.');
      if (!ready) {
        ready = start();
        // A start that failed is tried again by the next render.
        const attempt = ready;
        attempt.catch(() => {
          if (ready === attempt) ready = undefined;
        });
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
        sendJson(current, TO_CHILD.render, { id, url, brand, ...(formPost ? { formPost } : {}) });
      });
    },
    /** The child's process id while one runs (tests read its environment). */
    pid: () => child?.pid,
    close() {
      closed = true;
      stop('The renderer was closed.');
    },
  };
}

export type RenderSandbox = ReturnType<typeof createRenderSandbox>;
