// What the adapter checks before a write: the shared schemas (zod) and the booking rules (date-fns). Loaded with a
// dynamic import on the first write, so a visitor who only reads never downloads them.
import { FIELDS_NOT_VALID } from '../../messages';
import { fieldErrorsOf, type z } from '../../schemas';
import { BackendError } from '../port';

export {
  datesToCheck,
  missingRequiredFields,
  newBookingRecord,
  resolveBookingService,
} from '../../domain/booking-rules';
export { isDateAvailable } from '../../domain/availability';
export {
  availabilityPeriodInputSchema,
  bookingInputSchema,
  bookingListQuerySchema,
  bookingStatusUpdateSchema,
  settingsUpdateSchema,
  signInRequestSchema,
  timeSlotInputSchema,
  unavailableRangeInputSchema,
} from '../../schemas';

export const invalid = (fieldErrors: Record<string, string[]>, message: string = FIELDS_NOT_VALID) =>
  new BackendError('validation', message, { status: 400, fieldErrors });

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(fieldErrorsOf(result.error));
  return result.data;
}
