// The store of what clients do on their own (client-actions.ts holds the rules: what is recorded, mailed, digested):
// what the server asks of this storage, honoured by client-actions.sqlite.ts and client-actions.firestore.ts alike and
// proved on both by the storage contract (server/test/storage-contract/). The rules every store keeps (Promises, atomic
// calls, no clock, secrets only as hashes): platform/storage/storage-port.ts.
import type { IsoDate } from '@studio/shared/domain';
import type { ClientAction } from '@studio/shared/domain/client-actions';

/** A new action as the caller records it: how she is told of it, by a mail of its own or in the day's digest. */
export type NewClientAction = Omit<ClientAction, 'id' | 'seenAt'> & { delivery: 'mail' | 'digest' };

export interface ClientActionsStore {
  /** Stores the action (id: a random UUID, not seen); answers it. */
  add(action: NewClientAction): Promise<ClientAction>;
  /** How many she has not seen. */
  unseenCount(): Promise<number>;
  /** The newest `limit`, newest first (by at; of two at the same instant, either may come first). */
  recent(limit: number): Promise<ClientAction[]>;
  /** Marks every unseen one (given a booking id: only that booking's) seen at `at` (ISO); answers how many. */
  markSeen(at: string, bookingId?: string): Promise<number>;
  /**
   * Atomic: unless `day`'s digest was taken already, records it as taken at `at` (ISO) and answers every action
   * waiting for a digest (delivery 'digest', in none yet), oldest (at) first, now counted in `day`'s; [] otherwise (also
   * when none was waiting: the day's digest is then taken, empty). Of two callers racing on one day, one gets them.
   */
  takeDigest(day: IsoDate, at: string): Promise<ClientAction[]>;
  /** Undoes takeDigest(day): its actions wait again and the day's digest may be taken again (its mail failed). */
  releaseDigest(day: IsoDate): Promise<void>;
}
