// A public-site deploy token can change the code the public origin runs, never act as her. Here an attacker holding
// only that token ships public-site with a script appended to its remoteEntry.js that reads her bookings through her
// API, on the public origin and on hers, and reads the page's cookies; it is made live while she is signed in on her
// origin in the same browser. The public origin (http://localhost) and hers (http://admin.localhost) share a site name,
// the closest a deployment gets to the two hostnames docs/deploy.md asks for, so her cookies would reach the admin
// origin from a public page were they not SameSite=Strict and the admin API not closed to other origins. Every
// response the page saw is checked for her clients' names and addresses, and her dashboard still works afterwards.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Response } from '@playwright/test';
import { test, expect, waitForHydration } from '../support/test';
import { REPO_ROOT, startServer, type RunningServer } from '../support/server';
import { studioCli } from '../support/studio-cli';
import { signInThroughOutbox } from '../support/sign-in';
import { bookAsVisitor } from '../support/studio-api';

/** What the appended script saw of each attempt: the answer's status and text, or the error fetch threw. */
interface Attempt {
  status?: number;
  body?: string;
  error?: string;
}

interface AttackResults {
  done: boolean;
  cookie: string;
  publicOrigin?: Attempt;
  adminOrigin?: Attempt;
}

declare global {
  interface Window {
    __attack?: AttackResults;
  }
}

/**
 * The attacker's code, appended to remoteEntry.js: it runs on the public origin whenever the app loads the remote.
 * It keeps what it got in window.__attack, so the test reads exactly what a script there could read.
 */
function attackScript(adminOrigin: string): string {
  return `
;(function () {
  var results = (window.__attack = { done: false, cookie: document.cookie });
  function attempt(key, url) {
    return fetch(url, { credentials: 'include' }).then(
      function (response) {
        return response.text().then(function (body) {
          results[key] = { status: response.status, body: body };
        });
      },
      function (error) {
        results[key] = { error: String(error) };
      }
    );
  }
  Promise.all([
    attempt('publicOrigin', '/api/admin/bookings'),
    attempt('adminOrigin', ${JSON.stringify(`${adminOrigin}/api/admin/bookings`)})
  ]).then(function () {
    results.done = true;
  });
})();
`;
}

/** A copy of today's public-site build whose remoteEntry.js ends with the attack (and its precompressed copies). */
function buildHostileVersion(outDir: string, adminOrigin: string) {
  cpSync(path.join(REPO_ROOT, 'public-site', 'dist'), outDir, { recursive: true });
  const entryFile = path.join(outDir, 'remoteEntry.js');
  const entry = Buffer.concat([readFileSync(entryFile), Buffer.from(attackScript(adminOrigin))]);
  writeFileSync(entryFile, entry);
  // The server may send a precompressed copy in its place: each must hold the same bytes.
  writeFileSync(`${entryFile}.gz`, gzipSync(entry, { level: 9 }));
  writeFileSync(`${entryFile}.br`, brotliCompressSync(entry));
}

let server: RunningServer;
let hostileDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // HOST=localhost: the public origin is http://localhost:<port>, of one site with her http://admin.localhost:<port>.
  server = await startServer({ HOST: 'localhost' });
  hostileDir = mkdtempSync(path.join(tmpdir(), 'public-site-hostile-'));
  buildHostileVersion(hostileDir, server.adminUrl);
});
test.afterAll(async () => {
  await server?.stop();
  if (hostileDir) rmSync(hostileDir, { recursive: true, force: true });
});

test('a public-site version made live while she is signed in gets none of her data, and her dashboard still works', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  expect(new URL(server.url).hostname).toBe('localhost');
  expect(new URL(server.adminUrl).hostname).toBe('admin.localhost');

  // Her clients: what must never reach the public origin.
  const clients = [
    await bookAsVisitor(page.request, server.url, 'Wall Client'),
    await bookAsVisitor(page.request, server.url, 'Other Client'),
  ];

  // She signs in on her origin in this browser, and her dashboard lists them.
  await page.goto(`${server.url}/`);
  await signInThroughOutbox(page, server.url, { adminURL: server.adminUrl });
  for (const client of clients) await expect(page.getByRole('article', { name: client.name })).toBeVisible();
  const herCookies = await page.context().cookies(server.adminUrl);
  const session = herCookies.find((c) => c.name === 'studio_session');
  expect(session, 'her session cookie on her origin').toBeDefined();
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Strict');
  // Host-only: the public origin's requests never carry it.
  expect(await page.context().cookies(server.url)).toEqual([]);

  // The attacker, holding only a public-site deploy token, ships the hostile build and it goes live.
  const issued = await studioCli('admin', ['deploy-token', 'public-site', '--label', 'public-site CI'], {
    DATA_DIR: server.dataDir,
  });
  const token = /studio_deploy_[A-Za-z0-9_-]{43}/.exec(issued)?.[0];
  expect(token).toBeDefined();
  const deployed = await studioCli('deploy', ['public-site', hostileDir], {
    STUDIO_URL: server.url,
    STUDIO_DEPLOY_TOKEN: token!,
    STUDIO_DEPLOYER: 'attacker',
  });
  const version = /Version ([0-9a-f]{16})/.exec(deployed)?.[1];
  expect(deployed).toContain(`public-site ${version} is live`);

  // She opens her public home page in the same browser while signed in; every response the page sees is kept.
  const visit = await page.context().newPage();
  const responses: Array<{ url: string; status: number; body: string }> = [];
  const reading: Array<Promise<void>> = [];
  const failed: string[] = [];
  visit.on('response', (response: Response) => {
    reading.push(
      (async () => {
        // A redirect or an aborted load has no body to read: nothing of it reached the page either.
        const body = await response.text().catch(() => '');
        responses.push({ url: response.url(), status: response.status(), body });
      })(),
    );
  });
  visit.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  await visit.goto(`${server.url}/`);
  // The app (and with it the remote's entry) loads on the first interaction with a server-rendered page.
  await waitForHydration(visit);
  await visit.waitForFunction(() => window.__attack?.done === true);
  const attack = (await visit.evaluate(() => window.__attack))!;
  await Promise.all(reading);
  // The hostile entry really ran: the version the page loaded is the attacker's.
  expect(responses.some((r) => r.url.includes(`/remotes/public-site/v/${version}/remoteEntry.js`))).toBe(true);

  // On the public origin her API is an address the site does not have.
  expect(attack.publicOrigin?.status).toBe(404);
  const publicTry = responses.filter((r) => r.url === `${server.url}/api/admin/bookings`);
  expect(publicTry.map((r) => r.status)).toEqual([404]);
  // Her origin gave the script nothing: the page's policy lets its scripts call their own origin only, so the
  // request is stopped in the browser; had it gone out, her API refuses a request another origin of the site sent.
  expect(attack.adminOrigin?.status).toBeUndefined();
  expect(attack.adminOrigin?.error).toMatch(/TypeError/);
  const adminTry = responses.filter((r) => r.url === `${server.adminUrl}/api/admin/bookings`);
  for (const r of adminTry) expect(r.status).toBe(403);
  // No script-readable cookie carries a secret on the public origin.
  expect(attack.cookie).not.toMatch(/studio_session|studio_has_session|studio_csrf/);
  expect(await visit.evaluate(() => document.cookie)).not.toMatch(/studio_session/);

  // Nothing the page received names any of her clients.
  const seen = [...responses.map((r) => r.body), JSON.stringify(attack)];
  for (const client of clients) {
    for (const text of seen) {
      expect(text).not.toContain(client.name);
      expect(text).not.toContain(client.email);
    }
  }
  // The browser's own log of the load holds no response from her origin other than a refusal.
  expect(responses.filter((r) => r.url.startsWith(server.adminUrl) && r.status !== 403)).toEqual([]);
  expect(failed.filter((f) => !f.startsWith(server.adminUrl))).toEqual([]);
  await visit.close();

  // The same request sent as the browser would send it from the public origin (its site's Sec-Fetch-Site, her
  // cookie) is refused by her origin, so a browser without that policy would get nothing either.
  const forged = await fetch(`${server.adminUrl}/api/admin/bookings`, {
    headers: {
      Cookie: `studio_session=${session!.value}`,
      Origin: server.url,
      'Sec-Fetch-Site': 'same-site',
      'Sec-Fetch-Mode': 'cors',
    },
  });
  expect(forged.status).toBe(403);
  const forgedBody = await forged.text();
  for (const client of clients) expect(forgedBody).not.toContain(client.email);

  // Her dashboard on her origin still works and lists her bookings.
  const dashboard = await browser.newContext();
  await dashboard.addCookies(herCookies);
  const herPage = await dashboard.newPage();
  await herPage.goto(`${server.adminUrl}/admin`);
  await expect(herPage.getByRole('heading', { name: 'Booking requests' })).toBeVisible();
  for (const client of clients) await expect(herPage.getByRole('article', { name: client.name })).toBeVisible();
  await dashboard.close();
  await page.reload();
  for (const client of clients) await expect(page.getByRole('article', { name: client.name })).toBeVisible();
});
