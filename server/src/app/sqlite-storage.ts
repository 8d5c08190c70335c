// The embedded home's storage: every store of the port (storage.ts) on one SQLite connection in DATA_DIR (WAL,
// synchronous=FULL: platform/sqlite/database.ts). New booking requests and the mails kept in the outbox go through the group commit
// (platform/sqlite/group-commit.ts), an SQLite matter that stays here. The connection is exposed as `db` for what only SQLite has:
// online backups and the tests' look at the file.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, OnMigration } from '../platform/sqlite/database';
import { isBusy, openDatabase, withoutBusyWait } from '../platform/sqlite/database';
import { createGroupCommit } from '../platform/sqlite/group-commit';
import type { SqliteParts } from '../platform/sqlite/database-plugin';
import { createAvailabilityRepository } from '../features/availability/availability.sqlite';
import { createBookingsRepository } from '../features/bookings/bookings.sqlite';
import { createClientActionsRepository } from '../features/client-activity/client-actions.sqlite';
import { createContentRepository } from '../features/content/content.sqlite';
import { createContractsRepository } from '../features/contracts/contracts.sqlite';
import { createDeploysRepository } from '../features/deploys/deploys.sqlite';
import { createHeldNotificationsRepository } from '../features/bookings/held-notifications.sqlite';
import { createMailQueueRepository } from '../features/messaging/mail-queue.sqlite';
import { createMediaRepository } from '../features/media/media-rows.sqlite';
import { createOutboxRepository } from '../features/messaging/outbox.sqlite';
import { createPasskeysRepository } from '../features/auth/passkeys.sqlite';
import { createPaymentsRepository } from '../features/deal/payments.sqlite';
import type { Storage } from './storage';
import { createQuotesRepository } from '../features/deal/quotes.sqlite';
import { createSecondFactorRepository } from '../features/auth/second-factor.sqlite';
import { createSessionsRepository } from '../features/auth/sessions.sqlite';
import { createSettingsRepository } from '../features/settings/settings.sqlite';
import { createSignInLimitsRepository } from '../features/auth/sign-in-limits.sqlite';
import { createSmsLogRepository } from '../features/messaging/sms-log.sqlite';

/** The SQLite storage: the stores, and what only SQLite has. */
export interface SqliteStorage extends Storage, SqliteParts {}

// Long enough for a booking's transaction to finish, short enough that a stuck lock is reported, not waited out.
const PROBE_BUSY_TIMEOUT_MS = 1000;
// The probe's pause between tries while another process holds the lock: the server answers others meanwhile.
const PROBE_RETRY_MS = 25;

/** The stores on an open connection (tests open their own beside the app's). */
export function sqliteStorageOn(db: Db): SqliteStorage {
  const commits = createGroupCommit(db);
  const { store: content, seedWrites } = createContentRepository(db);
  const availability = createAvailabilityRepository(db);
  const probe = db.prepare(
    'INSERT INTO health_probe (id, written_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET written_at = excluded.written_at',
  );
  const seed = db.transaction((seedContent: Parameters<Storage['seedIfEmpty']>[0], at: string): boolean => {
    if (seedWrites.serviceCount() > 0) return false;
    seedContent.services.forEach((s, i) => seedWrites.writeService(s, i));
    for (const d of seedContent.documents) seedWrites.writeDocument(d.id, d.data, at);
    for (const p of seedContent.projects) seedWrites.writeProject(p.project, p.gallery);
    const a = seedContent.availability;
    a.periods.forEach((p) => availability.writes.addPeriod(p, at));
    a.unavailable.forEach((u) => availability.writes.addUnavailable(u, at));
    a.slots.forEach((s) => availability.writes.addSlot(s, at));
    return true;
  });
  const beginImmediate = db.prepare('BEGIN IMMEDIATE');
  const rollback = db.prepare('ROLLBACK');
  let closed = false;
  return {
    kind: 'sqlite',
    db,
    commits,
    bookings: createBookingsRepository(db, commits),
    availability,
    content,
    contracts: createContractsRepository(db),
    sessions: createSessionsRepository(db),
    secondFactor: createSecondFactorRepository(db),
    passkeys: createPasskeysRepository(db),
    outbox: createOutboxRepository(db, commits),
    mailQueue: createMailQueueRepository(db, commits),
    signInLimits: createSignInLimitsRepository(db),
    sms: createSmsLogRepository(db),
    heldNotifications: createHeldNotificationsRepository(db),
    media: createMediaRepository(db),
    deploys: createDeploysRepository(db),
    settings: createSettingsRepository(db),
    clientActions: createClientActionsRepository(db),
    payments: createPaymentsRepository(db),
    quotes: createQuotesRepository(db),
    seedIfEmpty: async (seedContent, at) => seed(seedContent, at),
    async probeWrite(at) {
      // Tried again between pauses rather than waited for inside SQLite, whose wait would hold every other request.
      const giveUpAt = performance.now() + PROBE_BUSY_TIMEOUT_MS;
      for (;;) {
        try {
          withoutBusyWait(db, () => probe.run(at));
          return;
        } catch (error) {
          if (!isBusy(error) || performance.now() >= giveUpAt) throw error;
        }
        await sleep(PROBE_RETRY_MS);
      }
    },
    takesWritesNow() {
      try {
        withoutBusyWait(db, () => {
          beginImmediate.run();
          rollback.run();
        });
        return true;
      } catch (error) {
        if (isBusy(error)) return false;
        throw error;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}

/** Opens (and migrates, telling `onMigration` each one applied) DATA_DIR/studio.sqlite and builds every store on it. */
export function createSqliteStorage(dataDir: string, onMigration?: OnMigration): SqliteStorage {
  return sqliteStorageOn(openDatabase(dataDir, onMigration));
}
