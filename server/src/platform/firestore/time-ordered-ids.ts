// Ids for the Firestore stores that once counted them up in one shared document (the outbox, the mail queue). Every
// write then read and wrote that one document, so under load (a booking's two mails, several instances) the
// transactions queued on its lock and Firestore aborted them ("Transaction lock timeout"): mail was lost. These ids
// touch no shared document.
//
// An id is the clock's milliseconds times 1000 plus a number below 1000: it sorts as the time it was given, so ordering
// by id still gives the order of creation, as the outbox's and the mail queue's ports promise. Within one process each
// id is greater than the one before, even when the clock stands still or steps back (a burst of more than 1000 in a
// millisecond borrows the next millisecond's numbers). Each process starts at a random number within the millisecond,
// so two instances writing in the same millisecond rarely pick the same id; when they do, the second one's `create`
// fails (the document exists) and withFreshId runs it again with the next id. Across instances the order is the order
// of their clocks, which Google keeps within milliseconds of each other: only mails written in the same millisecond by
// two instances may list in either order.
//
// The ids stay integers below Number.MAX_SAFE_INTEGER until the year 2255 (9007199254740 s), so the port's number
// type, the SQLite side's autoincrement and the routes that parse ids are unchanged. Ids counted up by the old scheme
// (1, 2, 3 ...) stay below every new one (1.7e15 and up): a deployed Firestore's older documents still list first.

/** Ids per millisecond before the next millisecond's are borrowed. */
const PER_MS = 1000;

/** A source of ids, each greater than the one before (see above). */
export function timeOrderedIds(now: () => number = Date.now, random: () => number = Math.random): () => number {
  let last = 0;
  return () => {
    const fromClock = now() * PER_MS + Math.floor(random() * PER_MS);
    last = Math.max(fromClock, last + 1);
    return last;
  };
}

/** This process's ids, shared by the stores so that one store made again (a test, a restart of the app) keeps growing. */
export const processIds = timeOrderedIds();

/** gRPC's ALREADY_EXISTS: a `create` met a document of that name. */
const ALREADY_EXISTS = 6;

/** How often a write that met another instance's id is tried again with a fresh one. */
const ATTEMPTS = 5;

/**
 * Runs `write` with a fresh id from `next`, again with another one when its `create` met an existing document (an id
 * another instance took in the same millisecond). The write must create the document named by the id, so a write
 * that failed wrote nothing.
 */
export async function withFreshId<T>(next: () => number, write: (id: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write(next());
    } catch (error) {
      if ((error as { code?: unknown }).code !== ALREADY_EXISTS || attempt >= ATTEMPTS) throw error;
    }
  }
}
