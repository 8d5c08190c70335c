// `npm run update` installs a release's dependencies with `npm ci`, which runs every dependency's install scripts: the
// environment the install step receives holds what npm and node need and none of the site's secrets, whatever the
// settings file holds (features/ops/update.ts, installEnvOf).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { c as createTar } from 'tar';
import { update } from '../src/features/ops/update';

let home: string;
beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), 'studio-update-env-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** The smallest release `update` unpacks: its folder with server/dist/release.json. */
async function tarball(): Promise<string> {
  const name = 'studio-9.9.9+abcdef0';
  mkdirSync(path.join(home, 'stage', name, 'server', 'dist'), { recursive: true });
  writeFileSync(
    path.join(home, 'stage', name, 'server', 'dist', 'release.json'),
    JSON.stringify({ version: '9.9.9', commit: 'abcdef0' }),
  );
  const file = path.join(home, `${name}.tgz`);
  await createTar({ gzip: true, file, cwd: path.join(home, 'stage'), portable: true }, [name]);
  return file;
}

test('the install step gets PATH, HOME, npm and node settings, and none of the secrets', async () => {
  const seen = path.join(home, 'install-env.json');
  const secrets = {
    SMTP_URL: 'smtps://studio:mail-password@smtp.example.com',
    STRIPE_SECRET_KEY: 'sk_live_51AbCdEfGhIjKlMnOpQrStUvWx',
    STRIPE_WEBHOOK_SECRET: 'whsec_secret',
    TWILIO_ACCOUNT_SID: 'AC0123',
    TWILIO_AUTH_TOKEN: 'twilio-token',
    ADMIN_EMAIL: 'ava@example.com',
    DATA_DIR: '/var/lib/studio',
    SOME_FUTURE_SECRET: 'unknown-to-the-list',
  };
  const needed = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: '/home/studio',
    npm_config_cache: '/home/studio/.npm',
    NPM_CONFIG_REGISTRY: 'https://registry.npmjs.org/',
    NODE_OPTIONS: '--max-old-space-size=512',
    HTTPS_PROXY: 'http://proxy.internal:3128',
  };
  const outcome = await update(await tarball(), {
    home: path.join(home, 'srv'),
    env: { ...needed, ...secrets },
    stopCommand: 'exit 1',
    startCommand: 'exit 1',
    // Writes what it was given, then fails: the update ends at the install, with nothing stopped or switched.
    installCommand: `node -e 'require("fs").writeFileSync(process.argv[1], JSON.stringify(process.env))' '${seen}'; exit 3`,
    healthUrl: 'http://127.0.0.1:1/api/health',
    healthTimeoutMs: 1000,
    print: () => undefined,
  });
  expect(outcome).toMatchObject({ ok: false, failed: 'install', rolledBack: false });
  const env = JSON.parse(readFileSync(seen, 'utf8')) as Record<string, string>;
  expect(env).toMatchObject(needed);
  for (const name of Object.keys(secrets)) expect({ name, value: env[name] }).toEqual({ name, value: undefined });
  // Nothing of a secret's value under another name either.
  const all = JSON.stringify(env);
  for (const value of Object.values(secrets)) expect(all).not.toContain(value);
});
