// Releases, and an update with a safety net: an older release once started silently on a database a newer one
// had migrated; there was no version anywhere and no update command. Here: a database migrated by a newer release is
// refused with a message naming both; each migration is logged by name; and `npm run update` (features/ops/update.ts), run on
// real release folders made from one build of the server (scripts/build-server.mjs into a folder of this test), with
// a real server process started and stopped by a service script as systemd would: a release whose health check fails
// leaves the previous release running on its data (the backup taken at the stop), and a good one goes live.
import Database from 'better-sqlite3';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { c as createTar } from 'tar';
import { buildApp } from '../src/app/app';
import { MIGRATIONS_DIR, migrate } from '../src/platform/sqlite/database';
import { update, type UpdateSettings } from '../src/features/ops/update';
import { freePort } from '../../e2e/support/server';
import { ugcBookingInput } from './helper';

jest.setTimeout(180_000);

const REPO = path.join(__dirname, '..', '..');
const shipped = () =>
  readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}-.+\.sql$/.test(f))
    .sort();
const newestKnown = () => shipped().at(-1);

describe('the schema', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'studio-schema-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test('each migration is logged by name as it is applied', async () => {
    let log = '';
    const app = await buildApp({
      dataDir,
      logLevel: 'info',
      seedDemo: false,
      logStream: { write: (line: string) => void (log += line) },
    });
    await app.close();
    const logged = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { migration?: string; msg: string })
      .filter((line) => line.migration);
    expect(logged.map((l) => l.msg)).toEqual(shipped().map((f) => `migration ${f} applied`));
  });

  test('an older release refuses a database a newer release migrated, naming both, and changes nothing', async () => {
    const db = new Database(path.join(dataDir, 'studio.sqlite'));
    migrate(db);
    db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(
      '999-from-a-newer-release.sql',
      new Date().toISOString(),
    );
    db.close();
    await expect(buildApp({ dataDir, logLevel: 'silent' })).rejects.toThrow(
      `The database was migrated by a newer release: it has applied 999-from-a-newer-release.sql, which this release does not know (it knows migrations up to ${newestKnown()}).`,
    );
    const after = new Database(path.join(dataDir, 'studio.sqlite'), { readonly: true });
    expect(after.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: shipped().length + 1 });
    after.close();
  });
});

describe('npm run update', () => {
  let home: string;
  let build: string;
  let port: number;
  let settings: UpdateSettings;
  const lines: string[] = [];

  /** A release tarball from the one build: `version`, and what `change` does to its folder. */
  async function release(version: string, commit: string, change: (folder: string) => void = () => undefined) {
    const name = `studio-${version}+${commit}`;
    const stage = path.join(home, 'stage', name);
    mkdirSync(path.join(stage, 'server'), { recursive: true });
    cpSync(path.join(REPO, 'package.json'), path.join(stage, 'package.json'));
    cpSync(path.join(REPO, 'server', 'package.json'), path.join(stage, 'server', 'package.json'));
    cpSync(build, path.join(stage, 'server', 'dist'), { recursive: true });
    // What the server reads beside its code (fonts, the demo's media), as the tarball of `npm run release` holds them.
    symlinkSync(path.join(REPO, 'server', 'assets'), path.join(stage, 'server', 'assets'));
    symlinkSync(path.join(REPO, 'server', 'media-src'), path.join(stage, 'server', 'media-src'));
    writeFileSync(path.join(stage, 'server', 'dist', 'release.json'), JSON.stringify({ version, commit }));
    change(stage);
    const file = path.join(home, `${name}.tgz`);
    await createTar({ gzip: true, file, cwd: path.join(home, 'stage'), portable: true }, [name]);
    return file;
  }

  const health = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    return { status: res.status, body: (await res.json()) as { version?: string; mail?: string } };
  };
  const dataDir = () => path.join(home, 'data');
  function stored(): { bookings: string[]; migrations: string[] } {
    const db = new Database(path.join(dataDir(), 'studio.sqlite'), { readonly: true });
    try {
      return {
        bookings: (db.prepare('SELECT name FROM booking_requests').all() as Array<{ name: string }>).map((r) => r.name),
        migrations: (db.prepare('SELECT name FROM schema_migrations').all() as Array<{ name: string }>).map(
          (r) => r.name,
        ),
      };
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    home = mkdtempSync(path.join(tmpdir(), 'studio-update-'));
    build = path.join(home, 'build');
    execFileSync(process.execPath, [path.join(REPO, 'scripts', 'build-server.mjs'), '--out', build], { cwd: REPO });
    port = await freePort();
    // The service as systemd runs it (ExecStart in <home>/current), started and stopped by the update's commands.
    const service = path.join(home, 'service.sh');
    writeFileSync(
      service,
      [
        'case "$1" in',
        `start) cd "${home}/current" && (node server/dist/server.js >> "${home}/server.log" 2>&1 & echo $! > "${home}/server.pid") ;;`,
        `stop) [ -f "${home}/server.pid" ] || exit 0; pid=$(cat "${home}/server.pid")`,
        '  kill "$pid" 2>/dev/null',
        '  while kill -0 "$pid" 2>/dev/null && [ "$(cut -d" " -f3 /proc/$pid/stat 2>/dev/null)" != Z ]; do sleep 0.1; done',
        `  rm -f "${home}/server.pid" ;;`,
        'esac',
        '',
      ].join('\n'),
    );
    settings = {
      home,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir(),
        ADMIN_EMAIL: 'admin@studio.test',
        LOG_LEVEL: 'warn',
        RENDER_IMAGES_AT_START: 'false',
      },
      stopCommand: `sh ${service} stop`,
      startCommand: `sh ${service} start`,
      // No registry here: the releases use this checkout's installed packages (production installs them with npm ci).
      installCommand: `ln -s ${REPO}/node_modules node_modules && ln -s ${REPO}/server/node_modules server/node_modules`,
      healthUrl: `http://127.0.0.1:${port}/api/health`,
      healthTimeoutMs: 20_000,
      print: (line) => {
        lines.push(line);
        if (process.env.UPDATE_TEST_VERBOSE) console.log(line);
      },
    };
  });
  afterAll(() => {
    execFileSync('sh', [path.join(home, 'service.sh'), 'stop']);
    rmSync(home, { recursive: true, force: true });
  });

  test('a release whose health check fails leaves the previous release running on its data; a good one goes live; the old one then refuses the newer schema', async () => {
    // The first install: no release before it.
    const first = await update(await release('1.0.0', 'aaaaaaa'), settings);
    if (!first.ok) throw new Error(`${JSON.stringify(first)}\n${lines.join('\n')}`);
    expect(first).toMatchObject({
      ok: true,
      release: '1.0.0+aaaaaaa',
    });
    // Health names the release, and the mail: no SMTP_URL here, so the outbox.
    expect(await health()).toEqual({
      status: 200,
      body: { ok: true, version: '1.0.0+aaaaaaa', mail: 'outbox', failingJobs: [] },
    });
    const booked = await fetch(`http://127.0.0.1:${port}/api/bookings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: `http://127.0.0.1:${port}`,
        'idempotency-key': 'update-1',
      },
      body: JSON.stringify({ ...ugcBookingInput, name: 'Kept Across' }),
    });
    expect(booked.status).toBe(201);

    // 1.1.0 migrates the database (a migration 1.0.0 does not know), then its server cannot start.
    const broken = await release('1.1.0', 'bbbbbbb', (folder) => {
      writeFileSync(
        path.join(folder, 'server', 'dist', 'migrations', '900-newer.sql'),
        'CREATE TABLE newer (id INTEGER);',
      );
      writeFileSync(
        path.join(folder, 'server', 'dist', 'server.js'),
        "console.error('cannot start'); process.exit(1);\n",
      );
    });
    const failed = await update(broken, settings);
    expect(failed).toMatchObject({
      ok: false,
      failed: 'health check',
      rolledBack: true,
      previous: 'studio-1.0.0+aaaaaaa',
    });
    expect(readlinkSync(path.join(home, 'current'))).toBe(path.join('releases', 'studio-1.0.0+aaaaaaa'));
    expect(await health()).toEqual({
      status: 200,
      body: { ok: true, version: '1.0.0+aaaaaaa', mail: 'outbox', failingJobs: [] },
    });
    // On its data: the booking is there, and the newer migration the failed release applied is gone with the restore.
    expect(stored().bookings).toEqual(['Kept Across']);
    expect(stored().migrations).not.toContain('900-newer.sql');
    expect(lines.join('\n')).toContain('migration 900-newer.sql applied');

    const good = await release('1.1.0', 'ccccccc', (folder) =>
      writeFileSync(
        path.join(folder, 'server', 'dist', 'migrations', '900-newer.sql'),
        'CREATE TABLE newer (id INTEGER);',
      ),
    );
    expect(await update(good, settings)).toMatchObject({
      ok: true,
      release: '1.1.0+ccccccc',
      previous: 'studio-1.0.0+aaaaaaa',
    });
    expect(await health()).toEqual({
      status: 200,
      body: { ok: true, version: '1.1.0+ccccccc', mail: 'outbox', failingJobs: [] },
    });
    expect(stored()).toMatchObject({
      bookings: ['Kept Across'],
      migrations: expect.arrayContaining(['900-newer.sql']),
    });

    // The previous release, started by hand on the data 1.1.0 migrated, refuses with a message naming both.
    execFileSync('sh', [path.join(home, 'service.sh'), 'stop']);
    const old = spawnSync(process.execPath, ['server/dist/server.js'], {
      cwd: path.join(home, 'releases', 'studio-1.0.0+aaaaaaa'),
      env: settings.env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(old.status).toBe(1);
    expect(old.stderr).toContain(
      `The database was migrated by a newer release: it has applied 900-newer.sql, which this release does not know (it knows migrations up to ${newestKnown()}).`,
    );
    expect(stored().migrations).toContain('900-newer.sql');
  });
});
