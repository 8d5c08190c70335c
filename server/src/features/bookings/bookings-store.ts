// Moving here from platform/storage/ports.ts, which is split by the feature that owns each store: until the
// definitions follow, these are ports.ts's own.
export { InvalidCursorError } from '../../platform/storage/ports';
export type {
  NewBookingRequest,
  ConfirmedDates,
  DateRange,
  BookingToStore,
  CreateOnceRequest,
  CreateOnceResult,
  RescheduleCheck,
  BookingsStore,
} from '../../platform/storage/ports';
