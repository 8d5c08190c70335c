// The rules a service carries as data: whether a booking needs a consultation, the date fields' labels, the
// payment schedule and the contract template (docs/product.md §5, §9). The form, the server, the quote, the contract
// and the mails read them from the service, so a service she creates behaves by what she chose in its editor.
import {
  BOOKING_LABEL_CONSULTATION_DATE,
  BOOKING_LABEL_DATE,
  BOOKING_LABEL_SHOOT_DATE,
  PAYMENT_FULL_UPFRONT,
  PAYMENT_HALF_UPFRONT,
  PAYMENT_MONTHLY_IN_ADVANCE,
  PAYMENT_TBD,
} from '../messages';
import type { Service, ServiceRules, Tier } from './service-types';

export { PAYMENT_FULL_UPFRONT, PAYMENT_HALF_UPFRONT, PAYMENT_MONTHLY_IN_ADVANCE, PAYMENT_TBD };

/** The schedules docs/product.md §9 names, in the order her editor offers them. */
export const PAYMENT_SCHEDULES = [
  PAYMENT_HALF_UPFRONT,
  PAYMENT_FULL_UPFRONT,
  PAYMENT_MONTHLY_IN_ADVANCE,
  PAYMENT_TBD,
] as const;

/** A service without a consultation: one optional preferred date, the schedule left to be agreed. */
export const PLAIN_SERVICE_RULES: Readonly<ServiceRules> = {
  needsConsultation: false,
  dateLabel: BOOKING_LABEL_DATE,
  consultationDateLabel: BOOKING_LABEL_CONSULTATION_DATE,
  paymentSchedule: PAYMENT_TBD,
  contractTemplate: 'modeling',
};

/** A shoot: a consultation first, then the shoot (which may span days), half paid upfront. */
export const SHOOT_SERVICE_RULES: Readonly<ServiceRules> = {
  needsConsultation: true,
  dateLabel: BOOKING_LABEL_SHOOT_DATE,
  consultationDateLabel: BOOKING_LABEL_CONSULTATION_DATE,
  paymentSchedule: PAYMENT_HALF_UPFRONT,
  contractTemplate: 'modeling',
};

/** The rules of a service; no service (none chosen yet) has the plain ones. */
export function rulesOf(service: Pick<Service, 'rules'> | undefined | null): ServiceRules {
  return service?.rules ?? PLAIN_SERVICE_RULES;
}

/** A tier's own schedule where it has one, else its service's. */
export function paymentScheduleOf(service: Pick<Service, 'rules'>, tier: Pick<Tier, 'paymentSchedule'>): string {
  const own = tier.paymentSchedule?.trim() ?? '';
  return own !== '' ? own : rulesOf(service).paymentSchedule;
}
