// Group commit: writes that arrive in the same turn of the event loop share one SQLite transaction, so they share
// one fsync. The database runs WAL with synchronous=FULL (platform/sqlite/database.ts): a write is acknowledged only once it is
// on disk, and each commit waits for the disk. Committed one by one, a burst of bookings spends most of the loop in
// fsync, and every other request (the admin's dashboard, /api/health) waits behind it. Batched, a burst of 50 costs
// about one fsync, and each caller is still answered only after its own write is durable.
//
// Each write runs in its own savepoint inside the batch: one that throws (a refused booking) is rolled back alone and
// rejects its own caller; the others commit. If the commit itself fails, or a write fails in a way that makes SQLite
// abandon the whole transaction (disk full, I/O error), every caller of the batch is rejected and nothing of the
// batch is stored.
import type { Db } from './database';

interface Pending {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface GroupCommit {
  /**
   * Runs `write` (synchronous SQLite work) in the next batch and resolves with its result once the batch has
   * committed; rejects with what `write` threw (its changes rolled back) or with the commit's error.
   */
  run<T>(write: () => T): Promise<T>;
}

export function createGroupCommit(db: Db): GroupCommit {
  let queue: Pending[] = [];

  const commitBatch = db.transaction((batch: Pending[]): Outcome[] =>
    batch.map((item) => {
      try {
        // A nested better-sqlite3 transaction is a savepoint: a throw rolls back this write only.
        return { ok: true, value: db.transaction(item.write)() };
      } catch (error) {
        // SQLite rolls back the whole transaction by itself on some errors (a full disk, an I/O error): the batch
        // is gone, and whatever ran next would commit on its own. Fail the batch instead.
        if (!db.inTransaction) throw error;
        return { ok: false, error };
      }
    }),
  );

  function flush() {
    const batch = queue;
    queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = commitBatch(batch);
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    outcomes.forEach((outcome, i) => {
      const item = batch[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  return {
    run<T>(write: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        // setImmediate runs after the I/O callbacks of this turn: every request already read joins the batch.
        if (queue.length === 0) setImmediate(flush);
        queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      });
    },
  };
}
