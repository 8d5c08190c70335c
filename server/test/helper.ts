// build(): a real app on a real SQLite file in a fresh temporary DATA_DIR, driven through inject().
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuildOverrides } from '../src/app';

export const ADMIN_EMAIL = 'admin@studio.test';
export const CSRF = 'a'.repeat(64);

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/** A fake shell build so the static routes have an index.html to serve. */
function fakeShell(dir: string): string {
  const shellDir = path.join(dir, 'shell');
  mkdirSync(shellDir, { recursive: true });
  writeFileSync(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html><head><script id="studio-config" type="application/json">{}</script></head><body><div id="root"></div></body></html>',
  );
  return shellDir;
}

export async function build(overrides: BuildOverrides = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-test-'));
  const app = await buildApp({
    dataDir,
    logLevel: 'silent',
    adminEmail: ADMIN_EMAIL,
    publicOrigin: 'http://studio.test',
    shellDir: fakeShell(dataDir),
    production: false,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** inject() for a state-changing request with a valid double-submit CSRF pair. */
export function withCsrf(options: InjectOptions & { cookies?: Record<string, string> }): InjectOptions {
  return {
    ...options,
    headers: { 'x-csrf-token': CSRF, ...(options.headers ?? {}) },
    cookies: { studio_csrf: CSRF, ...(options.cookies ?? {}) },
  };
}

/** Every "METHOD /path" the app serves, read from Fastify's route tree (HEAD is GET's twin). */
export function registeredRoutes(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match?.[2] || match[3] === undefined) continue;
    const depth = Math.floor((match[1] ?? '').length / 4);
    const segment = match[2];
    stack.length = depth;
    const prefix = stack[depth - 1] ?? '';
    const full =
      depth === 0 ? segment : `${prefix}${prefix.endsWith('/') || segment.startsWith('/') ? '' : '/'}${segment}`;
    stack[depth] = full;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') out.push(`${method} ${full}`);
  }
  return out;
}
