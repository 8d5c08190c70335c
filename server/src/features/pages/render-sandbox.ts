// The server's side of the sandboxed renderer (render-sandbox-child.cjs): the deployed server entries never run in
// the server's process. One child process per pair of entries (the shell's and one public-site version's), started
// confined (render-process.ts) and spoken to over its own pipe in frames (render-frames.ts).
//
// Everything the child sends is untrusted: a frame longer than its kind allows ends the child before any of it is
// kept or parsed. A read must be one of the public reads below, with small JSON arguments; a page is its HTML and its
// data, each of bounded size; anything else ends the child. A render that takes too long or a child that dies fails
// the page (the caller sends the browser-rendered shell) and the next render starts a fresh child. The entries' bytes
// are read here, checked against the version's integrity record when there is one, and handed to the child, so a file
// changed on disk after its upload never runs.
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Backend } from '@studio/shared/data';
import type { PlainFormPost } from '@studio/shared/domain/plain-form';
import { sriOf } from '../deploys';
import {
  FRAME_LIMITS,
  FROM_CHILD,
  MAX_DATA_BYTES,
  MAX_HTML_BYTES,
  TO_CHILD,
  frameOf,
  frameReader,
} from './render-frames';
import { memoryBound, spawnRenderer, type RendererFiles } from './render-process';

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

/** An entry bundle read here to be checked and handed over (public-site's is a few hundred KB). */
const MAX_ENTRY_BYTES = 32 * 1024 * 1024;
/** Answers written to the child that it has not read yet: a child that stops reading ends before this holds more. */
const MAX_UNREAD_BYTES = 16 * 1024 * 1024;
const MAX_READS_PER_RENDER = 200;
const START_TIMEOUT_MS = 10_000;

export interface RenderedByEntries {
  html: string;
  data: Array<[unknown, unknown]>;
}

export interface RenderSandboxOptions extends RendererFiles {
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

let warnedUnbounded = false;

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
    const { child: current, pipe } = spawnRenderer(options, bound);
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
