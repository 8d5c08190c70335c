// The availability store: what the server asks of this storage, honoured by availability.sqlite.ts and
// availability.firestore.ts alike and proved on both by the storage contract (server/test/storage-contract/). The rules
// every store keeps (Promises, atomic calls, no clock, secrets only as hashes): platform/storage/storage-port.ts.
import type {
  AdminAvailability,
  AvailabilityPeriodInput,
  PublicAvailability,
  TimeSlotInput,
  WeeklySlotInput,
  UnavailableRangeInput,
} from '@studio/shared/domain';

export type AvailabilityKind = 'periods' | 'unavailable' | 'slots';

export interface AvailabilityStore {
  /**
   * Periods, unavailable ranges and slots without notes or reasons, each ordered by date (slots: then start time);
   * the weekly slots by weekday, then start time.
   */
  getPublic(): Promise<Omit<PublicAvailability, 'booked' | 'minNoticeDays'>>;
  /** The same with notes, reasons and timestamps. */
  getAdmin(): Promise<AdminAvailability>;
  /** Each answers the new entry's id (a random UUID); `at` (ISO) is its createdAt (and a period's updatedAt). */
  addPeriod(input: AvailabilityPeriodInput, at: string): Promise<string>;
  addUnavailable(input: UnavailableRangeInput, at: string): Promise<string>;
  addSlot(input: TimeSlotInput, at: string): Promise<string>;
  /** Atomic: her weekly consultation slots become exactly these (each a new id; `at` is their createdAt). */
  replaceWeekly(slots: readonly WeeklySlotInput[], at: string): Promise<void>;
  /** false when nothing of that kind had that id. */
  delete(kind: AvailabilityKind, id: string): Promise<boolean>;
}
