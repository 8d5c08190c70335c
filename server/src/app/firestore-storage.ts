// The Firebase home's storage: every store of the port (storage.ts) on one Firestore client (the Admin SDK), plus what
// only a storage shared by several server instances needs, the change feed (change-feed.ts): on this home each
// function instance runs its own copy of the server, and an admin's live stream on one must hear of writes made on
// another.
//
// Documents of its own besides the stores':
// - healthProbe/main: what probeWrite writes (the time of the last health check), so GET /api/health proves a write.
// The first seed is ordered by the content's service guard (contentMeta/services, content.ts), the document every
// service write reads and writes: two instances starting at once both read it in their seed transaction, so one of
// them commits and the other, retried, finds the services stored.
import type { Firestore } from 'firebase-admin/firestore';
import type { ChangeRelay } from '../platform/change-bus';
import type { Storage } from './storage';
import {
  availabilitySeedWrites,
  createFirestoreAvailabilityStore,
} from '../features/availability/availability.firestore';
import { createFirestoreBookingsStore } from '../features/bookings/bookings.firestore';
import { createFirestoreClientActionsStore } from '../features/client-activity/client-actions.firestore';
import { createFirestoreChangeFeed } from '../features/live/change-feed.firestore';
import { contentSeedWrites, createFirestoreContentStore } from '../features/content/content.firestore';
import { createFirestoreContractsStore } from '../features/contracts/contracts.firestore';
import { createFirestoreDeploysStore } from '../features/deploys/deploys.firestore';
import { createFirestoreHeldNotificationsStore } from '../features/bookings/held-notifications.firestore';
import { createFirestoreMediaRowsStore } from '../features/media/media-rows.firestore';
import { createFirestoreOutboxStore } from '../features/messaging/outbox.firestore';
import { createFirestoreMailQueueStore } from '../features/messaging/mail-queue.firestore';
import { createFirestorePasskeysStore } from '../features/auth/passkeys.firestore';
import { createFirestorePaymentsStore } from '../features/deal/payments.firestore';
import { createFirestoreSecondFactorStore } from '../features/auth/second-factor.firestore';
import { createFirestoreSessionsStore } from '../features/auth/sessions.firestore';
import { createFirestoreQuotesStore } from '../features/deal/quotes.firestore';
import { createFirestoreSettingsStore } from '../features/settings/settings.firestore';
import { createFirestoreSignInLimitsStore } from '../features/auth/sign-in-limits.firestore';
import { createFirestoreSmsLogStore } from '../features/messaging/sms-log.firestore';
import { runTransaction } from '../platform/firestore/transaction';

export const HEALTH_PROBE = 'healthProbe';

/** What probeWrite waits for a write before it calls the storage unwritable (platform/storage/storage-port.ts: about a second). */
export const PROBE_TIMEOUT_MS = 1000;

export interface FirestoreStorage extends Storage {
  readonly kind: 'firestore';
  readonly db: Firestore;
  /** Changes between the server instances that share this Firestore (platform/change-bus.ts). */
  readonly changes: ChangeRelay;
}

export const isFirestoreStorage = (storage: Storage): storage is FirestoreStorage =>
  (storage as Partial<FirestoreStorage>).kind === 'firestore';

/** Rejects when `promise` has not settled within `ms`; the timer never keeps the process alive. */
function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createFirestoreStorage(db: Firestore): FirestoreStorage {
  const content = contentSeedWrites(db);
  const availability = availabilitySeedWrites(db);
  const probe = db.collection(HEALTH_PROBE).doc('main');
  const changes = createFirestoreChangeFeed(db);
  let closed: Promise<void> | undefined;
  return {
    kind: 'firestore',
    db,
    changes,
    bookings: createFirestoreBookingsStore(db),
    availability: createFirestoreAvailabilityStore(db),
    content: createFirestoreContentStore(db),
    contracts: createFirestoreContractsStore(db),
    sessions: createFirestoreSessionsStore(db),
    secondFactor: createFirestoreSecondFactorStore(db),
    passkeys: createFirestorePasskeysStore(db),
    outbox: createFirestoreOutboxStore(db),
    mailQueue: createFirestoreMailQueueStore(db),
    signInLimits: createFirestoreSignInLimitsStore(db),
    sms: createFirestoreSmsLogStore(db),
    heldNotifications: createFirestoreHeldNotificationsStore(db),
    media: createFirestoreMediaRowsStore(db),
    deploys: createFirestoreDeploysStore(db),
    settings: createFirestoreSettingsStore(db),
    quotes: createFirestoreQuotesStore(db),
    clientActions: createFirestoreClientActionsStore(db),
    payments: createFirestorePaymentsStore(db),

    seedIfEmpty(seed, at) {
      return runTransaction(db, async (tx) => {
        // Reads one after the other, as the stores' transactions do (a read in flight when Firestore aborts another
        // fails the transaction). The guard first: it is what orders this with a service being saved meanwhile.
        await tx.get(content.guard);
        if (await content.anyService(tx)) return false;
        content.writeServices(tx, seed.services);
        for (const d of seed.documents) content.writeDocument(tx, d.id, d.data, at);
        for (const p of seed.projects) content.writeProject(tx, p.project, p.gallery);
        seed.availability.periods.forEach((p) => availability.addPeriod(tx, p, at));
        seed.availability.unavailable.forEach((u) => availability.addUnavailable(tx, u, at));
        seed.availability.slots.forEach((s) => availability.addSlot(tx, s, at));
        return true;
      });
    },

    async probeWrite(at) {
      await within(
        probe.set({ writtenAt: at }),
        PROBE_TIMEOUT_MS,
        `Firestore took no write within ${PROBE_TIMEOUT_MS} ms`,
      );
    },

    close() {
      closed ??= (async () => {
        await changes.stop();
        await db.terminate();
      })();
      return closed;
    },
  };
}
