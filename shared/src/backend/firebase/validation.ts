// What the adapter checks before an admin write or a sign-in request: the shared schemas (zod). Loaded with a dynamic
// import on first use, so a visitor who only reads never downloads them. Bookings are checked by the createBooking
// function, not here.
import { fieldErrorsOf, type z } from '../../schemas';
import { FIELDS_NOT_VALID } from '../../messages';
import { BackendError } from '../port';

export {
  compCardSchema,
  portfolioContentInputSchema,
  portfolioMetaInputSchema,
  projectInputSchema,
  serviceInputSchema,
  serviceOrderSchema,
  siteDetailsSchema,
  availabilityPeriodInputSchema,
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
