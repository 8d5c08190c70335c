import {
  PAYMENT_FULL_UPFRONT,
  PAYMENT_HALF_UPFRONT,
  PAYMENT_MONTHLY_IN_ADVANCE,
  PAYMENT_TBD,
  paymentScheduleFor,
} from './payment-schedule';

describe('paymentScheduleFor (docs/product.md §9)', () => {
  it('words the schedules as §9 does', () => {
    expect(PAYMENT_MONTHLY_IN_ADVANCE).toBe('Monthly in advance');
    expect(PAYMENT_FULL_UPFRONT).toBe('100% upfront');
    expect(PAYMENT_HALF_UPFRONT).toBe('50% upfront, 50% upon completion');
    expect(PAYMENT_TBD).toBe('TBD');
  });

  it.each(['ugc-weekly', 'ugc-monthly', 'monthly-retainer', 'UGC-Weekly'])(
    'UGC tier %s is paid monthly in advance',
    (tier) => {
      expect(paymentScheduleFor('usergeneratedcontent', tier)).toBe('Monthly in advance');
    },
  );

  it('a UGC runway tier is paid 100% upfront', () => {
    expect(paymentScheduleFor('usergeneratedcontent', 'ugc-runway')).toBe('100% upfront');
  });

  it('other UGC tiers are paid half upfront, half on completion', () => {
    expect(paymentScheduleFor('usergeneratedcontent', 'ugc-single')).toBe('50% upfront, 50% upon completion');
    expect(paymentScheduleFor('usergeneratedcontent', '')).toBe('50% upfront, 50% upon completion');
  });

  it('every photoshoot tier is paid half upfront, half on completion', () => {
    expect(paymentScheduleFor('photoshoot', 'photoshoot-mini')).toBe('50% upfront, 50% upon completion');
    // The weekly/monthly/runway rules belong to UGC only.
    expect(paymentScheduleFor('photoshoot', 'monthly-runway')).toBe('50% upfront, 50% upon completion');
  });

  it("anything else is 'TBD'", () => {
    expect(paymentScheduleFor('others', 'others-hourly')).toBe('TBD');
    expect(paymentScheduleFor('brand-events', 'events-monthly')).toBe('TBD');
    expect(paymentScheduleFor('', '')).toBe('TBD');
  });
});
