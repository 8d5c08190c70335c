// The booking write with the admin's live streams open, at each size of stored history (the flat-write check).
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_STREAMS, ROOT, STORED_BOOKINGS, log } from './bench-settings.mjs';
import { bookingBody, loadRun } from './load-pass.mjs';
import { startStudio } from './processes.mjs';

/**
 * Stores `count` booking requests and `sessions` admin sessions straight into a DATA_DIR the server has already
 * migrated and seeded (and is not running on): what a site with a long history holds, through the real schema in one
 * transaction (100,000 rows in a few seconds; through HTTP it would take minutes). A quarter of them Confirmed; half
 * are photoshoots with a date (a third of those over three days, a third with a consultation before), spread over the
 * five years before today and the year after it, so the Confirmed ones that can collide with a new date are few and
 * the rest is history; the other half UGC requests without dates.
 */
function storeBookingsAndSessions(dataDir, count, sessions) {
  const Database = createRequire(path.join(ROOT, 'server', 'package.json'))('better-sqlite3');
  const db = new Database(path.join(dataDir, 'studio.sqlite'));
  try {
    const insert = db.prepare(
      `INSERT INTO booking_requests (id, idempotency_key, name, email, phone, service_id, service, service_price,
         service_tier, service_tier_id, payment_schedule, date, end_date, consultation_date, consultation_location,
         location, description, sms_opt_in, status, created_at, updated_at)
       VALUES (@id, @key, @name, @email, '', @serviceId, @service, @price, @tier, @tierId,
         '50% upfront, 50% upon completion', @date, @endDate, @consultationDate, '', 'Phoenix', @description, 0,
         @status, @at, @at)`,
    );
    const statuses = ['New', 'Contacted', 'Confirmed', 'Declined'];
    const DAY = 86_400_000;
    const today = Date.now();
    const day = (offset) => new Date(today + offset * DAY).toISOString().slice(0, 10);
    const start = today - count * 60_000;
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const at = new Date(start + i * 60_000).toISOString();
        const dated = i % 2 === 0;
        // Five years back to one year on, in a different order than the statuses so every status has every kind.
        const offset = ((i * 7919) % (6 * 365)) - 5 * 365;
        insert.run({
          id: randomUUID(),
          key: `stored-${i}`,
          name: `Client ${i}`,
          email: `client${i}@example.com`,
          serviceId: dated ? 'photoshoot' : 'usergeneratedcontent',
          service: dated ? 'Photoshoot' : 'User-Generated Content',
          price: dated ? '$350' : '$150',
          tier: dated ? 'Standard' : 'Single Video',
          tierId: dated ? 'photoshoot-standard' : 'ugc-single',
          date: dated ? day(offset) : '',
          endDate: dated && i % 3 === 1 ? day(offset + 2) : '',
          consultationDate: dated && i % 3 === 2 ? day(offset - 3) : '',
          description: `Stored request ${i}: three short videos for a product launch, delivered within a month.`,
          status: statuses[i % 4],
          at,
        });
      }
    })();
    const ids = [];
    const session = db.prepare('INSERT INTO sessions (id_hash, email, created_at, last_seen_at) VALUES (?, ?, ?, ?)');
    const adminEmail = (process.env.ADMIN_EMAIL ?? 'admin@studio.test').trim().toLowerCase();
    for (let i = 0; i < sessions; i++) {
      const id = randomBytes(32).toString('base64url');
      session.run(createHash('sha256').update(id).digest('hex'), adminEmail, Date.now(), Date.now());
      ids.push(id);
    }
    return ids;
  } finally {
    db.close();
  }
}

/** Starts the admin-side probe (stream-probe.mjs) and resolves once its streams are open. */
function startProbe(url, adminOrigin, sessions) {
  const probe = path.join(ROOT, 'scripts', 'bench', 'stream-probe.mjs');
  const child = spawn(process.execPath, [probe, url, adminOrigin, ...sessions], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the stream probe exited ${code}: ${out}`)));
    const ready = setInterval(() => {
      if (!out.includes('ready')) return;
      clearInterval(ready);
      child.removeAllListeners('exit');
      resolve({
        stop: () =>
          new Promise((done) => {
            // Its last health check may wait up to 5 s for an answer; past that it is not waited for.
            const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(force);
              const last = out.trim().split('\n').at(-1) ?? '';
              done(last.startsWith('{') ? JSON.parse(last) : { streams: [], health: { count: 0, p99Ms: NaN } });
            });
            child.kill('SIGTERM');
          }),
      });
    }, 50);
  });
}

/** POST /api/bookings for LOAD_SECONDS with `stored` requests in the history and ADMIN_STREAMS admin streams open. */
async function streamsPass(stored) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-streams-'));
  try {
    // A first start migrates and seeds the folder; the long history goes in while no server runs on it.
    await (await startStudio({}, dataDir)).stop();
    const seeding = Date.now();
    const sessions = storeBookingsAndSessions(dataDir, stored, ADMIN_STREAMS);
    const seedMs = Date.now() - seeding;
    const studio = await startStudio({}, dataDir);
    try {
      const headers = {
        'content-type': 'application/json',
        origin: studio.url,
      };
      const uniqueKey = (req) => ({
        ...req,
        headers: { ...req.headers, 'idempotency-key': randomUUID() },
        body: bookingBody(),
      });
      const probe = await startProbe(studio.url, studio.adminOrigin, sessions);
      let row;
      let seen;
      try {
        row = await loadRun(
          `POST /api/bookings, ${stored.toLocaleString('en-US')} stored, ${ADMIN_STREAMS} streams`,
          studio.pid,
          {
            url: `${studio.url}/api/bookings`,
            requests: [{ method: 'POST', path: '/api/bookings', headers, setupRequest: uniqueKey }],
          },
        );
      } finally {
        seen = await probe.stop();
      }
      return {
        ...row,
        stored,
        seedMs,
        loadAverage: loadAverage(),
        healthP99Ms: seen.health.p99Ms,
        health: seen.health,
        streams: seen.streams,
      };
    } finally {
      await studio.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The flat-write check: the same load at each history size, one after the other in one run. */
export async function flatWritePass() {
  const rows = [];
  for (const stored of STORED_BOOKINGS) {
    log(`bookings with ${stored} stored and ${ADMIN_STREAMS} admin streams open (load average ${loadAverage()})`);
    rows.push(await streamsPass(stored));
  }
  const empty = rows[0];
  for (const r of rows) {
    r.rpsRatio = Number((r.rps / Math.max(empty.rps, 1)).toFixed(2));
    r.p99Ratio = Number((r.p99Ms / Math.max(empty.p99Ms, 1)).toFixed(2));
  }
  return rows;
}

/** The 1-minute load average: the machine is shared, so every load number is printed beside it. */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
