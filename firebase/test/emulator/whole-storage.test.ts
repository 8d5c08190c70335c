// The whole storage's contract (seedIfEmpty, probeWrite, close) on the Firebase home's Firestore storage
// (server/src/app/firestore-storage.ts), each case on a Firestore of its own on the emulator. The same suite
// runs on SQLite in server/test/storage-contract/whole-storage-sqlite.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { createFirestoreStorage, HEALTH_PROBE, PROBE_TIMEOUT_MS } from '../../../server/src/app/firestore-storage';
import { retryClosedTransaction, runTransaction } from '../../../server/src/platform/firestore/transaction';
import { describeWholeStorageContract } from '../../../server/test/storage-contract/whole-storage-contract';
import { firestoreOf, freshFirestore } from './storage-support';

describeWholeStorageContract(async () => {
  const { db, close } = freshFirestore('whole');
  const storage = createFirestoreStorage(db);
  return {
    store: storage,
    async close() {
      await storage.close();
      await close();
    },
  };
});

describe('the Firestore storage’s health write', () => {
  it('rejects within about a second when Firestore holds the write back (its document locked by a transaction)', async () => {
    // Another instance's client holds the probe's document in a transaction: Firestore makes the write wait for it.
    const { db, projectId, close } = freshFirestore('probe-locked');
    const other = firestoreOf(projectId, 'probe-locked-other');
    const storage = createFirestoreStorage(db);
    const probe = other.db.collection(HEALTH_PROBE).doc('main');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const transaction = other.db.runTransaction(async (tx) => {
      await tx.get(probe);
      locked();
      await held;
    });
    try {
      await isLocked;
      const t0 = Date.now();
      await expect(storage.probeWrite('2026-03-01T09:00:00.000Z')).rejects.toThrow(/no write within/);
      expect(Date.now() - t0).toBeLessThan(PROBE_TIMEOUT_MS + 500);
    } finally {
      release();
      await transaction;
      await storage.close();
      await Promise.all([close(), other.close()]);
    }
  });
});

// The races themselves (instances seeding at once on their own clients in change-feed.test.ts, two digests taking one
// day in the client-actions contract) showed up in about 1 of 3 CI runs; they do not reproduce on demand, so the retry's
// policy is pinned here, and that every store's transaction goes through it.
describe('retryClosedTransaction', () => {
  const closed = () => Object.assign(new Error('3 INVALID_ARGUMENT: Transaction is invalid or closed.'), { code: 3 });

  it('runs again after a closed transaction and answers what the next run answers', async () => {
    let runs = 0;
    const answer = await retryClosedTransaction(async () => {
      runs += 1;
      if (runs < 3) throw closed();
      return 'seeded';
    });
    expect([answer, runs]).toEqual(['seeded', 3]);
  });

  it('passes any other error on at once, and gives up after five closed transactions', async () => {
    let runs = 0;
    const other = Object.assign(new Error('3 INVALID_ARGUMENT: a field is wrong'), { code: 3 });
    await expect(
      retryClosedTransaction(async () => {
        runs += 1;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(runs).toBe(1);
    runs = 0;
    await expect(
      retryClosedTransaction(async () => {
        runs += 1;
        throw closed();
      }),
    ).rejects.toThrow(/invalid or closed/);
    expect(runs).toBe(5);
  });
});

describe('runTransaction', () => {
  it('runs the whole transaction again on a client whose first transaction was closed under it', async () => {
    const bodies: string[] = [];
    let attempts = 0;
    const db = {
      runTransaction: async (body: (tx: never) => Promise<string>) => {
        attempts += 1;
        const answer = await body({} as never);
        if (attempts === 1) throw Object.assign(new Error('Transaction is invalid or closed.'), { code: 3 });
        return answer;
      },
    } as unknown as Parameters<typeof runTransaction>[0];
    const answer = await runTransaction(db, async () => {
      bodies.push(`run ${bodies.length + 1}`);
      return 'taken';
    });
    expect([answer, bodies]).toEqual(['taken', ['run 1', 'run 2']]);
  });

  it('is the only way the server starts a Firestore transaction', () => {
    const src = path.join(__dirname, '../../../server/src');
    const own = path.join('platform', 'firestore', 'transaction.ts');
    const direct = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && f !== own)
      .filter((f) => /\.runTransaction\(/.test(fs.readFileSync(path.join(src, f), 'utf8')));
    expect(direct).toEqual([]);
  });
});
