// One settings file: every setting is parsed once, with one schema, by the server and by each tool; a bad
// value stops it with a message naming the setting (the server's as one JSON log line, not a stack trace); the tools
// read the service's settings file (--env-file, STUDIO_ENV_FILE, /etc/studio/studio.env) so nothing is retyped.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { optionsFromEnv, SettingsError } from '../src/platform/config';
import { loadToolSettings } from '../src/platform/settings-file';
import { build, type TestApp } from './helper';

jest.setTimeout(90_000);

const SERVER = path.resolve(__dirname, '..');
const entry = (name: string) => path.join(SERVER, 'src', name);

/** Runs one of the entries (server.ts, cli/*.ts) as `npm run ...` would, with the given environment. */
async function run(file: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', entry(file), ...args], {
      cwd: SERVER,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const refusalOf = (env: NodeJS.ProcessEnv) => {
  try {
    optionsFromEnv(env);
  } catch (error) {
    return error as SettingsError;
  }
  throw new Error('the settings were taken');
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'studio-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('one schema', () => {
  test('a number that is not one stops the start and names the setting, instead of becoming NaN', () => {
    const refusal = refusalOf({ PUBLIC_WRITE_LIMIT: 'twenty' });
    expect(refusal).toBeInstanceOf(SettingsError);
    expect(refusal.problems.map((p) => p.setting)).toEqual(['PUBLIC_WRITE_LIMIT']);
    expect(refusal.message).toBe('PUBLIC_WRITE_LIMIT=twenty must be a whole number.');
  });

  test('every bad setting is named at once, whichever reader checks it', () => {
    const refusal = refusalOf({
      PORT: '80a',
      SEED_DEMO: 'no',
      BACKUP_KEEP: 'seven',
      TIMEZONE: 'Mars/Olympus',
      SMTP_URL: 'mail.example.com',
    });
    expect(refusal.problems.map((p) => p.setting).sort()).toEqual(
      ['BACKUP_KEEP', 'PORT', 'SEED_DEMO', 'SMTP_URL', 'TIMEZONE'].sort(),
    );
  });

  test('HOST and PORT are settings like the others (default 0.0.0.0:8080)', () => {
    expect(optionsFromEnv({})).toMatchObject({ host: '0.0.0.0', port: 8080 });
    expect(optionsFromEnv({ HOST: '127.0.0.1', PORT: '9000' })).toMatchObject({ host: '127.0.0.1', port: 9000 });
  });

  test('the server stops with one JSON log line naming the setting, without a stack trace', async () => {
    const { code, stdout, stderr } = await run('server.ts', [], {
      PUBLIC_WRITE_LIMIT: 'twenty',
      DATA_DIR: dir,
      STUDIO_ENV_FILE: '',
    });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 60, msg: 'PUBLIC_WRITE_LIMIT=twenty must be a whole number.' });
    expect(line.settings).toEqual(['PUBLIC_WRITE_LIMIT']);
    expect(line).not.toHaveProperty('stack');
  });
});

describe('the tools read the settings file', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await build({ dataDir: dir });
  });
  afterEach(() => t.close());

  const settingsFile = (text: string) => {
    const file = path.join(dir, 'studio.env');
    writeFileSync(file, text);
    return file;
  };

  test('admin takes DATA_DIR and ADMIN_EMAIL from --settings-file, the name with spaces whole', async () => {
    const file = settingsFile(`DATA_DIR=${dir}\nADMIN_EMAIL=ava@ava-monroe.com\nMODEL_NAME="Ava Monroe"\n`);
    const { code, stdout } = await run('cli/admin.ts', ['--settings-file', file, 'reset-passkeys'], {});
    expect(stdout).toContain(`ava@ava-monroe.com has no passkey: nothing was removed (database: ${dir}).`);
    expect(code).toBe(0);
  });

  test("STUDIO_ENV_FILE names the file too; a setting in the tool's own environment wins over it", () => {
    const file = settingsFile('DATA_DIR=/srv/studio/data\nADMIN_EMAIL=ava@ava-monroe.com\n');
    const fromVariable = loadToolSettings(['backup'], { STUDIO_ENV_FILE: file }, '/nonexistent');
    expect(fromVariable).toMatchObject({ file, args: ['backup'] });
    expect(fromVariable.env).toMatchObject({ DATA_DIR: '/srv/studio/data', ADMIN_EMAIL: 'ava@ava-monroe.com' });
    const overridden = loadToolSettings([`--settings-file=${file}`], { DATA_DIR: '/srv/studio/data-restored' }, '/x');
    expect(overridden.env.DATA_DIR).toBe('/srv/studio/data-restored');
    // The default file is read when it exists, and only then.
    expect(loadToolSettings([], {}, file).env.ADMIN_EMAIL).toBe('ava@ava-monroe.com');
    expect(loadToolSettings([], {}, path.join(dir, 'none.env')).file).toBeUndefined();
  });

  test('a tool stops with the setting named when the file holds a bad value, or says which file it cannot read', async () => {
    const bad = await run(
      'cli/backup.ts',
      ['--settings-file', settingsFile(`DATA_DIR=${dir}\nBACKUP_KEEP=seven\n`)],
      {},
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('BACKUP_KEEP must be a whole number, not "seven".');
    const missing = await run('cli/backup.ts', ['--settings-file', path.join(dir, 'missing.env')], {});
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(
      `The settings file ${path.join(dir, 'missing.env')} cannot be read: it does not exist.`,
    );
  });

  test('admin --help prints the usage and exits 0', async () => {
    const { code, stdout } = await run('cli/admin.ts', ['--help'], { DATA_DIR: dir });
    expect(code).toBe(0);
    expect(stdout).toContain('send-test-mail <address>');
  });
});

test('--env-file is refused with the flag to use instead (Node 20 reads a file named so by its own rules)', () => {
  expect(() => loadToolSettings(['--env-file=/etc/studio/studio.env'], {}, '/x')).toThrow(
    /--settings-file <path>.*Node reads --env-file itself/,
  );
});

describe('STRIPE_SECRET_KEY', () => {
  // Stripe's secret keys: sk_live_ or sk_test_ and letters and digits, 24 in the oldest keys, 99 in today's.
  const alnum = (n: number) => 'aB3'.repeat(Math.ceil(n / 3)).slice(0, n);

  test('a value that is not a secret key stops the start naming STRIPE_SECRET_KEY, and is never repeated', () => {
    for (const bad of [
      'sk_live_...',
      'sk_test_e2e',
      `pk_live_${alnum(99)}`,
      `sk_prod_${alnum(99)}`,
      `sk_live_${alnum(23)}`,
      `sk_live_${alnum(40)}-${alnum(40)}`,
    ]) {
      const refusal = refusalOf({ STRIPE_SECRET_KEY: bad });
      expect(refusal).toBeInstanceOf(SettingsError);
      expect({ bad, settings: refusal.problems.map((p) => p.setting) }).toEqual({
        bad,
        settings: ['STRIPE_SECRET_KEY'],
      });
      expect(refusal.message).toContain('STRIPE_SECRET_KEY is not a Stripe secret key');
      expect(refusal.message).not.toContain(bad);
    }
  });

  test('a real-looking key starts the site with online payment, test or live, old or current length', () => {
    for (const key of [`sk_test_${alnum(24)}`, `sk_live_${alnum(99)}`, ` sk_live_${alnum(99)} `]) {
      expect(optionsFromEnv({ STRIPE_SECRET_KEY: key }).stripe?.secretKey).toBe(key.trim());
    }
    expect(optionsFromEnv({}).stripe).toBeUndefined();
  });
});
