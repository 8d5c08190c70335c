// The recent changes the admin's live view must hear, numbered, for the long poll (admin-poll.ts): a client that asks
// "what came after N" gets every change after N that is still kept, or is told to read everything again (a resync).
//
// Why in memory and per instance: the journal only has to bridge the gap between one poll's answer and the next ask,
// a second or so; a change older than that is read by the resync (the bookings list and the availability snapshot)
// like a reconnected stream's. A cursor names the journal it counts in (a random id per start), so a cursor handed out
// before a restart, or by another function instance on the Firebase home, is never read against the wrong numbers: it
// gets the resync. Entries are kept by count, so memory stays bounded whatever the rate of changes.
import { randomUUID } from 'node:crypto';

/** What a client asking after a cursor gets: the items after it, or `undefined` when it must resync. */
export interface JournalRead<T> {
  items: T[];
  /** The cursor to ask after next. */
  cursor: string;
}

export interface ChangeJournal<T> {
  /** Keeps the item (a reference: nothing is copied or encoded until a poll asks for it). */
  record(item: T): void;
  /** The cursor of the latest item: asking after it gets only what comes later. */
  current(): string;
  /** The items after `cursor`; undefined when they are not all kept (or the cursor is another journal's). */
  after(cursor: string | undefined): JournalRead<T> | undefined;
  /** Resolves when an item is recorded after `cursor`, when `ms` pass, or when `until` resolves. */
  wait(cursor: string, ms: number, until: Promise<void>): Promise<void>;
}

/** Items kept: far more than come between two polls of one client, a bound on memory. */
export const JOURNAL_SIZE = 500;

export function createChangeJournal<T>(size = JOURNAL_SIZE): ChangeJournal<T> {
  const id = randomUUID();
  const kept: Array<{ seq: number; item: T }> = [];
  let seq = 0;
  const waiters = new Set<() => void>();

  const seqOf = (cursor: string | undefined): number | undefined => {
    if (!cursor) return undefined;
    const dot = cursor.lastIndexOf('.');
    if (cursor.slice(0, dot) !== id) return undefined;
    const n = Number(cursor.slice(dot + 1));
    return Number.isSafeInteger(n) && n >= 0 && n <= seq ? n : undefined;
  };
  const cursorOf = (n: number) => `${id}.${n}`;

  return {
    record(item) {
      seq += 1;
      kept.push({ seq, item });
      if (kept.length > size) kept.shift();
      for (const wake of [...waiters]) wake();
    },
    current: () => cursorOf(seq),
    after(cursor) {
      const from = seqOf(cursor);
      if (from === undefined) return undefined;
      // Everything after `from` must still be kept: the oldest kept item is `from + 1` or older.
      const oldest = kept[0]?.seq ?? seq + 1;
      if (from + 1 < oldest && from < seq) return undefined;
      return { items: kept.filter((k) => k.seq > from).map((k) => k.item), cursor: cursorOf(seq) };
    },
    wait(cursor, ms, until) {
      const from = seqOf(cursor);
      if (from === undefined || from < seq) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waiters.add(done);
        void until.then(done);
      });
    },
  };
}
