// How the UI projects' server (jest-studio-server.ts) is emptied and seeded between tests.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { SeededIds, StudioSeed } from '@studio/shared/test-support/studio-server';
import type { Studio } from './jest-studio-server';

/** Empties every table but the migrations' record and writes the seed through the server's repositories. */
export async function resetAndSeed(s: Studio, seed: StudioSeed): Promise<SeededIds> {
  const { db, modules } = s;
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all()
    .map((row) => (row as { name: string }).name)
    .filter((name) => name !== 'schema_migrations');
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      for (const table of tables) db.prepare(`DELETE FROM "${table}"`).run();
    })();
  } finally {
    db.pragma('foreign_keys = ON');
  }
  // The uploads' files go with their rows; the folders the media store made at start stay.
  const { UPLOADS_TMP_DIR, ORIGINALS_DIR, UPLOADS_DIR } = modules.media;
  for (const dir of [UPLOADS_TMP_DIR, ORIGINALS_DIR, path.join('media', UPLOADS_DIR)]) {
    const at = path.join(s.dataDir, dir);
    for (const entry of readdirSync(at)) rmSync(path.join(at, entry), { recursive: true, force: true });
  }

  // Deployed versions go with their rows too.
  const remotes = path.join(s.dataDir, 'remotes');
  for (const remote of readdirSync(remotes)) {
    for (const entry of readdirSync(path.join(remotes, remote)))
      rmSync(path.join(remotes, remote, entry), { recursive: true, force: true });
  }

  // Written through the server's own SQLite stores (the storage port), the way the seed of a first start is.
  const storage = modules.storage.sqliteStorageOn(db);
  const { seedWrites } = modules.content.createContentRepository(db);
  const at = new Date().toISOString();
  const { PORTFOLIO_META_ID, PORTFOLIO_CONTENT_ID, SITE_DETAILS_ID, COMP_CARD_ID } = modules.content;
  for (const [i, service] of (seed.services ?? []).entries()) seedWrites.writeService(service, i);
  if (seed.portfolioMeta) seedWrites.writeDocument(PORTFOLIO_META_ID, seed.portfolioMeta, at);
  if (seed.portfolioContent) seedWrites.writeDocument(PORTFOLIO_CONTENT_ID, seed.portfolioContent, at);
  if (seed.siteDetails) seedWrites.writeDocument(SITE_DETAILS_ID, seed.siteDetails, at);
  if (seed.compCard) seedWrites.writeDocument(COMP_CARD_ID, seed.compCard, at);
  for (const project of seed.projects ?? []) {
    seedWrites.writeProject(project, seed.galleries?.[project.id] ?? { images: [], videos: [] });
  }
  const ids: SeededIds = { bookings: [], periods: [], unavailable: [], slots: [] };
  const { availability, bookings, settings } = storage;
  for (const period of seed.availability?.periods ?? []) ids.periods.push(await availability.addPeriod(period, at));
  for (const range of seed.availability?.unavailable ?? [])
    ids.unavailable.push(await availability.addUnavailable(range, at));
  for (const slot of seed.availability?.slots ?? []) ids.slots.push(await availability.addSlot(slot, at));
  for (const [i, booking] of (seed.bookings ?? []).entries()) {
    const stored = await bookings.createOnce({
      idempotencyKey: `seed-${i}-${Date.now()}`,
      bodyHash: `seed-${i}`,
      range: null,
      decide: () => ({ booking, manageTokenHash: null }),
    });
    ids.bookings.push(stored.booking.id);
  }
  if (seed.smsEnabled !== undefined) await settings.setAdminSmsValue(seed.smsEnabled);
  return ids;
}
