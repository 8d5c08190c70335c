// The host's `npm run admin -- reset-passkeys`, for an admin who lost every passkey. It removes them and her
// recovery code, says what it did, mails her a notice, and the e-mail link alone signs her in again; the running
// site sees the change at once (the same database file).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build, testOptions, withCsrf, ADMIN_EMAIL, ADMIN_ORIGIN, type TestApp } from './helper';
import { createSoftwareAuthenticator } from './software-authenticator';
import { runAdminCommand, USAGE } from '../src/cli/admin-commands';
import { NOTICE_SUBJECTS } from '../src/features/auth/passkeys';

const ORIGIN = 'http://studio.test';
const REPO_ROOT = path.resolve(__dirname, '..', '..');
const ENTRY = path.join(REPO_ROOT, 'server', 'src', 'cli', 'admin.ts');

let t: TestApp;
beforeEach(async () => {
  t = await build({ publicOrigin: ORIGIN });
});
afterEach(() => t.close());

async function enrolTwo() {
  const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  for (const name of ['Phone', 'Laptop']) {
    const options = await t.app.inject(
      withCsrf({
        method: 'POST',
        url: '/api/admin/passkeys/options',
        payload: { name: 'Phone' },
        cookies: { studio_session: session },
      }),
    );
    // Her passkeys are bound to her origin, not the public one.
    const response = createSoftwareAuthenticator({ origin: ADMIN_ORIGIN }).register(options.json());
    const added = await t.app.inject(
      withCsrf({
        method: 'POST',
        url: '/api/admin/passkeys',
        payload: { name, response },
        cookies: { studio_session: session },
      }),
    );
    expect(added.statusCode).toBe(201);
  }
}

async function linkAnswer() {
  await t.app.inject(withCsrf({ method: 'POST', url: '/api/auth/link', payload: { email: ADMIN_EMAIL } }));
  const mail = (await t.repos.outbox.list(100)).find((m) => m.subject === 'Your sign-in link');
  const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '')?.[1];
  const res = await t.app.inject(
    withCsrf({ method: 'POST', url: '/api/auth/session', payload: { email: ADMIN_EMAIL, token } }),
  );
  return res.json();
}

test('reset-passkeys removes every passkey and the recovery code, says so, and mails her a notice', async () => {
  await enrolTwo();
  expect(await linkAnswer()).toEqual({ secondFactor: 'passkey' });

  const lines: string[] = [];
  const code = await runAdminCommand(['reset-passkeys'], {
    options: testOptions({ dataDir: t.dataDir, publicOrigin: ORIGIN }),
    print: (line) => lines.push(line),
  });
  expect(code).toBe(0);
  expect(lines).toEqual([
    `Removed 2 passkeys and the recovery code of ${ADMIN_EMAIL} (database: ${t.dataDir}).`,
    'The e-mail link alone signs her in again; she can add a passkey from the dashboard.',
    `A notice to ${ADMIN_EMAIL} is in the local outbox (no SMTP_URL is set).`,
  ]);
  expect(t.app.db.prepare('SELECT COUNT(*) AS n FROM passkeys').get()).toEqual({ n: 0 });
  expect(t.app.db.prepare('SELECT COUNT(*) AS n FROM recovery_codes').get()).toEqual({ n: 0 });
  const notice = (await t.repos.outbox.list(100)).find((m) => m.subject === NOTICE_SUBJECTS.reset);
  expect(notice?.recipient).toBe(ADMIN_EMAIL);
  expect(notice?.body).toContain('Every passkey of your sign-in (2)');

  // The running site, on the same file, lets the link alone sign her in again.
  expect(await linkAnswer()).toEqual({ user: { email: ADMIN_EMAIL, isAdmin: true } });
});

test('with no passkey it removes nothing, sends nothing, and says so', async () => {
  const lines: string[] = [];
  const code = await runAdminCommand(['reset-passkeys'], {
    options: testOptions({ dataDir: t.dataDir }),
    print: (line) => lines.push(line),
  });
  expect(code).toBe(0);
  expect(lines).toEqual([`${ADMIN_EMAIL} has no passkey: nothing was removed (database: ${t.dataDir}).`]);
  expect(await t.repos.outbox.list(100)).toEqual([]);
});

test("a DATA_DIR without the site's database is refused, and nothing is created", async () => {
  const lines: string[] = [];
  const empty = mkdtempSync(path.join(tmpdir(), 'studio-cli-'));
  try {
    const options = { ...testOptions({ dataDir: t.dataDir }), dataDir: path.join(empty, 'nowhere') };
    expect(await runAdminCommand(['reset-passkeys'], { options, print: (l) => lines.push(l) })).toBe(1);
    expect(lines).toEqual([
      `There is no database at ${path.join(empty, 'nowhere', 'studio.sqlite')}. Set DATA_DIR to the site's data folder.`,
    ]);
    expect(existsSync(path.join(empty, 'nowhere'))).toBe(false);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test('an unknown command prints the usage and exits with 2', async () => {
  const lines: string[] = [];
  const options = testOptions({ dataDir: t.dataDir });
  expect(await runAdminCommand(['reset-everything'], { options, print: (l) => lines.push(l) })).toBe(2);
  expect(await runAdminCommand([], { options, print: (l) => lines.push(l) })).toBe(2);
  expect(lines).toEqual([USAGE, USAGE]);
});

// `npm run admin` runs this entry compiled (npm run build); e2e/tests/passkeys.spec.ts runs the npm script itself.
test("the command-line entry runs the command with the site's environment", async () => {
  await enrolTwo();
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', ENTRY, 'reset-passkeys'], {
    cwd: path.join(REPO_ROOT, 'server'),
    env: { ...process.env, DATA_DIR: t.dataDir, ADMIN_EMAIL, PUBLIC_ORIGIN: ORIGIN, SMTP_URL: '' },
  });
  expect(stdout).toContain(`Removed 2 passkeys and the recovery code of ${ADMIN_EMAIL}`);
  expect(t.app.db.prepare('SELECT COUNT(*) AS n FROM passkeys').get()).toEqual({ n: 0 });
}, 60_000);
