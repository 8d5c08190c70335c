// Counters of sign-in link requests, in SQLite so a restart forgets no limit. Fixed windows: a
// counter starts at the first attempt and is replaced by a fresh one once its window has passed. What is counted is
// stored only as a hash (a client address, an e-mail), so the table names nobody.
import { sha256Hex } from '../../platform/hash';
import type { Db } from '../../platform/sqlite/database';
import type { SignInLimitsStore, WindowCount } from './sign-in-limits-store';

export type { WindowCount };

const hashOf = (key: string) => sha256Hex(key);

export function createSignInLimitsRepository(db: Db): SignInLimitsStore {
  const get = db.prepare('SELECT window_start AS windowStart, count FROM sign_in_limits WHERE key_hash = ?');
  const put = db.prepare(
    `INSERT INTO sign_in_limits (key_hash, window_start, count) VALUES (@key, @start, @count)
     ON CONFLICT (key_hash) DO UPDATE SET window_start = @start, count = @count`,
  );
  const purge = db.prepare('DELETE FROM sign_in_limits WHERE window_start <= ?');

  /** Read and write in one transaction, so two requests at once cannot both take the last attempt. */
  const hit = db.transaction((key: string, windowMs: number, at: number): WindowCount => {
    const hashed = hashOf(key);
    const row = get.get(hashed) as { windowStart: number; count: number } | undefined;
    const current = row && at - row.windowStart < windowMs ? row : { windowStart: at, count: 0 };
    const count = current.count + 1;
    put.run({ key: hashed, start: current.windowStart, count });
    return { count, endsAt: current.windowStart + windowMs };
  });

  return {
    /** Counts one attempt under `key` in its window of `windowMs` and answers the window's count so far. */
    async hit(key, windowMs, at) {
      return hit(key, windowMs, at);
    },
    /** Forgets every counter whose window began before `before` (they are all over). */
    async purgeOlderThan(before) {
      purge.run(before);
    },
  };
}

export type SignInLimitsRepository = SignInLimitsStore;
