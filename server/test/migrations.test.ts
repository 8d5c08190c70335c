// Migrations across versions: for every earlier release kept in test/fixtures/releases/<version>/ (its
// migration files, copied when it shipped, and a site's data written with its columns), a DATA_DIR made by that
// release is started by today's server, which must find every row, unchanged, and serve it: the bookings to the admin
// (whose session survives the upgrade), the services and availability to visitors. The folder's name only tells the
// releases apart; it is not read from package.json. Each fixture holds the same bookings, services, period, setting
// and session, which the API checks below read.
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAYMENT_HALF_UPFRONT, PLAIN_SERVICE_RULES, SHOOT_SERVICE_RULES, type Service } from '@studio/shared/domain';
import { buildApp } from '../src/app/app';
import { MIGRATIONS_DIR, migrate } from '../src/platform/sqlite/database';
import { ADMIN_HOST, ADMIN_ORIGIN } from './helper';

const RELEASES = path.join(__dirname, 'fixtures', 'releases');
const releases = readdirSync(RELEASES).sort();
// The fixtures' moment: an hour after the admin's last request, a minute after her last sign-in link was mailed.
const now = () => new Date('2026-11-23T12:00:00Z');
const SESSION_ID = 'kept-across-the-upgrade-session-id-000000000';

type Row = Record<string, unknown>;

/** Every table of the database but SQLite's own and the migration log, each with its rows in rowid order. */
function dump(db: Database.Database): Map<string, Row[]> {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'",
    )
    .all() as Array<{ name: string }>;
  return new Map(tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as Row[]]));
}

test('each release kept here has a schema and data, and its migrations are still shipped unchanged', () => {
  // 1.0.0 (001 alone) and 1.1.0 (001 to 021): the first release, and the schema of every migration shipped when the
  // upgrade test came in.
  expect(releases).toEqual(expect.arrayContaining(['1.0.0', '1.1.0']));
  const today = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
  for (const release of releases) {
    const dir = path.join(RELEASES, release, 'migrations');
    expect(existsSync(path.join(RELEASES, release, 'data.sql'))).toBe(true);
    for (const file of readdirSync(dir)) {
      // A migration a release applied is history: changing it would leave sites on that release with another schema.
      expect(today).toContain(file);
      expect(readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')).toBe(readFileSync(path.join(dir, file), 'utf8'));
    }
  }
});

describe.each(releases)('a DATA_DIR made by release %s', (release) => {
  let dataDir: string;
  let before: Map<string, Row[]>;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), `studio-release-${release}-`));
    const db = new Database(path.join(dataDir, 'studio.sqlite'));
    try {
      db.pragma('journal_mode = WAL');
      migrate(db, path.join(RELEASES, release, 'migrations'));
      db.exec(readFileSync(path.join(RELEASES, release, 'data.sql'), 'utf8'));
      before = dump(db);
    } finally {
      db.close();
    }
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('holds a row in every table of its schema (the fixture leaves none out)', () => {
    expect([...before].filter(([, rows]) => rows.length === 0).map(([table]) => table)).toEqual([]);
  });

  test('writes every column of its schema: none is NULL in all of its rows', () => {
    const empty = [...before].flatMap(([table, rows]) =>
      Object.keys(rows[0] ?? {})
        .filter((column) => rows.every((row) => row[column] === null))
        .map((column) => `${table}.${column}`),
    );
    expect(empty).toEqual([]);
  });

  test("today's server starts on it, applies the newer migrations, and finds every row unchanged", async () => {
    const app = await buildApp({
      dataDir,
      logLevel: 'silent',
      now,
      adminEmail: 'admin@studio.test',
      adminOrigin: ADMIN_ORIGIN,
    });
    try {
      const applied = (app.db.prepare('SELECT name FROM schema_migrations ORDER BY name').all() as Row[]).map(
        (r) => r.name,
      );
      expect(applied).toEqual(
        readdirSync(MIGRATIONS_DIR)
          .filter((f) => f.endsWith('.sql'))
          .sort(),
      );
      expect(app.db.pragma('integrity_check', { simple: true })).toBe('ok');

      const after = dump(app.db);
      for (const [table, rows] of before) {
        const columns = Object.keys(rows[0] ?? {});
        const kept = (after.get(table) ?? []).map((r) => Object.fromEntries(columns.map((c) => [c, r[c]])));
        expect({ table, rows: kept }).toEqual({ table, rows });
      }

      // Served as before: the visitor's services and dates, the admin's bookings and setting, her session intact.
      const services = (await app.inject('/api/services')).json() as Service[];
      expect(services.map((s) => s.id)).toEqual(['photoshoot', 'usergeneratedcontent']);
      // Stored before services carried rules: each keeps the rules its id gave it (its contract template too),
      // derived on reading.
      expect(services.map((s) => [s.rules, s.tiers.map((t) => t.paymentSchedule)])).toEqual([
        [SHOOT_SERVICE_RULES, [undefined]],
        [
          { ...PLAIN_SERVICE_RULES, paymentSchedule: PAYMENT_HALF_UPFRONT, contractTemplate: 'ugc' },
          [PAYMENT_HALF_UPFRONT],
        ],
      ]);
      const availability = (await app.inject('/api/availability')).json();
      expect(availability.periods).toHaveLength(1);
      const cookies = { studio_session: SESSION_ID };
      // Her API answers on her origin.
      const headers = { host: ADMIN_HOST };
      expect((await app.inject({ url: '/api/auth/session', headers, cookies })).json()).toEqual({
        user: { email: 'admin@studio.test', isAdmin: true },
      });
      const bookings = ((await app.inject({ url: '/api/admin/bookings', headers, cookies })).json() as { items: Row[] })
        .items;
      expect(bookings.map((b) => [b.id, b.name, b.status])).toEqual([
        ['booking-2', 'Mara Quinn', 'New'],
        ['booking-1', 'Dana Reyes', 'Confirmed'],
      ]);
      expect((await app.inject({ url: '/api/admin/settings/sms', headers, cookies })).json()).toMatchObject({
        adminValue: true,
      });
    } finally {
      await app.close();
    }
  });
});
