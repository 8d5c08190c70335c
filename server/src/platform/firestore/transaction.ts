// Every Firestore transaction of the stores goes through here. Under contention (two instances seeding at once, two
// scheduled runs taking one day's digest) the emulator, and rarely Firestore, aborts one transaction while a read of it
// is in flight, and the client reports that as INVALID_ARGUMENT "Transaction is invalid or closed", which its own
// retry loop does not cover (it retries ABORTED only). A transaction commits all of its writes or none, and its body is
// already run again by the client on ABORTED, so running the whole transaction again is as safe as the client's own
// retry: the next run reads what the winner committed.
import type { Firestore, Transaction } from 'firebase-admin/firestore';

/** How often a transaction that lost a race is run again from the start. */
const CLOSED_TRANSACTION_ATTEMPTS = 5;

const isClosedTransaction = (error: unknown): boolean =>
  (error as { code?: unknown }).code === 3 && /Transaction is invalid or closed/.test(String((error as Error).message));

/** Runs `run` again (up to five times in all) when it fails with "Transaction is invalid or closed". */
export async function retryClosedTransaction<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isClosedTransaction(error) || attempt >= CLOSED_TRANSACTION_ATTEMPTS) throw error;
    }
  }
}

/** `db.runTransaction(body)`, run again when the transaction was closed under it (see above). */
export function runTransaction<T>(db: Firestore, body: (tx: Transaction) => Promise<T>): Promise<T> {
  return retryClosedTransaction(() => db.runTransaction(body));
}
