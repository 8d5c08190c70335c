// Payment schedule per service and tier (docs/product.md §9). The server stores it on the booking; the contract prints it.
import { PAYMENT_FULL_UPFRONT, PAYMENT_HALF_UPFRONT, PAYMENT_MONTHLY_IN_ADVANCE, PAYMENT_TBD } from '../messages';

export { PAYMENT_FULL_UPFRONT, PAYMENT_HALF_UPFRONT, PAYMENT_MONTHLY_IN_ADVANCE, PAYMENT_TBD };

export type PaymentSchedule =
  typeof PAYMENT_MONTHLY_IN_ADVANCE | typeof PAYMENT_FULL_UPFRONT | typeof PAYMENT_HALF_UPFRONT | typeof PAYMENT_TBD;

export function paymentScheduleFor(serviceId: string, tierId: string): PaymentSchedule {
  if (serviceId === 'usergeneratedcontent') {
    // Tier ids are free text chosen by the admin ('ugc-weekly', 'monthly-retainer'), hence substring matching.
    const tier = tierId.toLowerCase();
    if (tier.includes('weekly') || tier.includes('monthly')) return PAYMENT_MONTHLY_IN_ADVANCE;
    if (tier.includes('runway')) return PAYMENT_FULL_UPFRONT;
    return PAYMENT_HALF_UPFRONT;
  }
  if (serviceId === 'photoshoot') return PAYMENT_HALF_UPFRONT;
  return PAYMENT_TBD;
}
