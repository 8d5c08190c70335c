// One server for the whole browser run; tests that need their own start one with startServer().
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { caddyPath } from './support/caddy';
import { chromiumPath } from './support/chromium';
import { REPO_ROOT, startServer } from './support/server';

export default async function globalSetup() {
  process.env.CHROME_PATH = chromiumPath();
  // The reverse-proxy test (tests/caddy.spec.ts) runs a real Caddy: found or installed here, like Chromium.
  process.env.CADDY_PATH = caddyPath();
  for (const app of ['shell', 'public-site', 'admin-app']) {
    if (!existsSync(path.join(REPO_ROOT, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json'))) {
      throw new Error(`${app} is not built: run \`npm run build\` first (npm test does).`);
    }
  }
  // Every server of the browser run is the compiled one `npm start` runs (workers inherit the setting).
  process.env.E2E_SERVER_RUNTIME = 'compiled';
  // Texts on, as on a site with SMS set up: the booking form offers the SMS opt-in only then, so the specs see it.
  const server = await startServer({ SMS_ENABLED: 'true' });
  // Workers inherit the environment the global setup leaves behind.
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_ADMIN_URL = server.adminUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  writeFileSync(path.join(__dirname, '.server-pid'), String(server.process.pid));
  return async () => {
    await server.stop();
  };
}
