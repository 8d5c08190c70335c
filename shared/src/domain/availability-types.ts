// Her calendar (docs/product.md §3): open periods, blocked ranges, dated time slots and weekly consultation hours, as
// her dashboard edits them and as a visitor's booking form sees them.
import type { IsoDate, IsoTimestamp } from './date-types';

export interface AvailabilityPeriod {
  id: string;
  startDate: IsoDate;
  endDate: IsoDate;
  isAvailable: boolean;
  notes: string;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
}

export interface UnavailableRange {
  id: string;
  startDate: IsoDate;
  endDate: IsoDate;
  reason: string;
  createdAt: IsoTimestamp;
}

export interface TimeSlot {
  id: string;
  date: IsoDate;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
  notes: string;
  createdAt: IsoTimestamp;
}

/**
 * A consultation slot of her weekly hours: every `weekday` (0 Sunday to 6 Saturday, as Date.getDay) from
 * startTime to endTime ('HH:MM', the studio's time zone). A date with slots of its own (TimeSlot) uses those instead.
 * Only consultations take these: a shoot keeps its whole day.
 */
export interface WeeklySlot {
  id: string;
  weekday: number;
  startTime: string;
  endTime: string;
}

export type WeeklySlotInput = Omit<WeeklySlot, 'id'>;

/**
 * A day (or one time slot of it) that a confirmed booking holds: `time` is the slot 'HH:MM-HH:MM', or ''
 * when the booking holds the whole day. No name or service: a visitor learns only that the day is taken.
 */
export interface BookedDay {
  date: IsoDate;
  time: string;
}

/** What a visitor may see of availability: dates and times only, never notes or reasons. */
export interface PublicAvailability {
  periods: Array<Pick<AvailabilityPeriod, 'id' | 'startDate' | 'endDate' | 'isAvailable'>>;
  unavailable: Array<Pick<UnavailableRange, 'id' | 'startDate' | 'endDate'>>;
  slots: Array<Pick<TimeSlot, 'id' | 'date' | 'startTime' | 'endTime' | 'isAvailable'>>;
  /** Her weekly consultation hours, as slots; absent from a backend that has none. */
  weekly?: WeeklySlot[];
  /**
   * Set only by consultationView (availability.ts), never sent: the dates are looked at for a consultation, so a
   * day without slots of its own offers her weekly slots.
   */
  use?: 'consultation';
  /**
   * Days held by confirmed bookings, and the consultation slots of requests waiting for her answer; absent from a
   * backend that cannot tell (then none is held).
   */
  booked?: BookedDay[];
  /** Whole days between today and the first bookable day (MIN_NOTICE_DAYS_DEFAULT when absent). */
  minNoticeDays?: number;
  /**
   * The studio's calendar day when this was answered (its TIMEZONE), the day the notice counts from; absent from a
   * backend that cannot tell (then the page's studio clock's day).
   */
  today?: IsoDate;
  /**
   * Whether texts are sent now (her SMS switch, or SMS_ENABLED), so the form offers the SMS opt-in only then (no
   * promise of texts that are never sent); absent from a backend that cannot tell (then it is offered).
   */
  smsOptIn?: boolean;
}

export interface AdminAvailability {
  periods: AvailabilityPeriod[];
  unavailable: UnavailableRange[];
  slots: TimeSlot[];
  weekly: WeeklySlot[];
}

export type AvailabilityPeriodInput = Pick<AvailabilityPeriod, 'startDate' | 'endDate' | 'isAvailable' | 'notes'>;
export type UnavailableRangeInput = Pick<UnavailableRange, 'startDate' | 'endDate' | 'reason'>;
export type TimeSlotInput = Pick<TimeSlot, 'date' | 'startTime' | 'endTime' | 'isAvailable' | 'notes'>;
