// A server whose public site is a stand-in (as in server-render.test.ts) that prints the answer to a plain form post
// it was given, so a test reads exactly what the server handed the page's render. The real pages are checked in a
// browser without JavaScript (e2e/tests/plain-booking.spec.ts). Used by the plain booking and contact form tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { BuildOverrides } from '../src/app/app';
import { build, type TestApp } from './helper';

export const ORIGIN = 'http://localhost:8080';

export interface PlainFormSite {
  t: TestApp;
  /** Posts urlencoded fields to a page, from this site unless other headers are given. */
  post(body: string, headers?: Record<string, string>, url?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function buildPlainFormSite(overrides: BuildOverrides = {}): Promise<PlainFormSite> {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-plain-form-'));
  const shellDir = path.join(dir, 'shell');
  const siteDir = path.join(dir, 'public-site');
  mkdirSync(path.join(shellDir, 'ssr'), { recursive: true });
  mkdirSync(path.join(siteDir, 'ssr'), { recursive: true });
  writeFileSync(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html><head><script id="studio-config" type="application/json">{}</script></head>' +
      '<body><div id="root"></div><noscript>This site needs JavaScript.</noscript></body></html>',
  );
  writeFileSync(path.join(shellDir, 'ssr', 'index.js'), 'exports.shellFrame = ({ publicSite }) => publicSite;');
  writeFileSync(
    path.join(siteDir, 'ssr', 'index.js'),
    `exports.renderPublicSite = async ({ frame, formPost }) => ({
      html: frame('<pre id="post">' + JSON.stringify(formPost ?? null).replace(/</g, '\\\\u003c') + '</pre>'),
      data: [],
    });`,
  );
  writeFileSync(
    path.join(siteDir, 'mf-manifest.json'),
    JSON.stringify({ name: 'public_site', metaData: { ssrRemoteEntry: { path: 'ssr', name: 'index.js' } } }),
  );
  const t = await build({
    shellDir,
    publicOrigin: ORIGIN,
    remotes: {
      'public-site': { urlPath: '/remotes/public-site/', dir: siteDir },
      'admin-app': { urlPath: '/remotes/admin-app/', dir },
    },
    ...overrides,
  });
  return {
    t,
    post: (body, headers = { origin: ORIGIN }, url = '/book-me') =>
      t.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      } satisfies InjectOptions),
    close: async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The form's fields as a browser posts them: every named control, the checkbox only when ticked. */
export const formOf = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The answer the stand-in page was rendered with. */
export const answerOf = (html: string): unknown =>
  JSON.parse(/<pre id="post">([^<]*)<\/pre>/.exec(html)?.[1] ?? 'null');
