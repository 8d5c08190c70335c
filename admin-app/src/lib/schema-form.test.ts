// The shared schemas reduced to one problem per field: what the admin modals word and show.
import { availabilityPeriodInputSchema, timeSlotInputSchema } from '@studio/shared/schemas';
import { LIMITS } from '@studio/shared/constants';
import { checkForm } from './schema-form';

const period = (values: Partial<{ startDate: string; endDate: string; notes: string }>) =>
  checkForm(availabilityPeriodInputSchema, { startDate: '', endDate: '', isAvailable: true, notes: '', ...values });

it('passes valid values through as the schema parsed them', () => {
  expect(period({ startDate: '2031-02-01', endDate: '2031-02-01', notes: 'Open' })).toEqual({
    ok: true,
    data: { startDate: '2031-02-01', endDate: '2031-02-01', isAvailable: true, notes: 'Open' },
  });
});

it('says a missing date is required, once per field, and not that the end comes first', () => {
  // zod itself reports two issues per empty date and the order rule on top.
  expect(period({})).toEqual({
    ok: false,
    problems: { startDate: { kind: 'required' }, endDate: { kind: 'required' } },
  });
  expect(period({ startDate: '2031-02-10' })).toEqual({ ok: false, problems: { endDate: { kind: 'required' } } });
});

it('says the order rule only once both dates are real dates', () => {
  expect(period({ startDate: '2031-02-10', endDate: '2031-02-01' })).toEqual({
    ok: false,
    problems: { endDate: { kind: 'rule' } },
  });
  expect(period({ startDate: '2031-02-30', endDate: '2031-02-01' })).toEqual({
    ok: false,
    problems: { startDate: { kind: 'invalid', code: 'custom' } },
  });
});

it('gives the issue code of a text field the schema bounds', () => {
  expect(period({ startDate: '2031-02-01', endDate: '2031-02-02', notes: 'x'.repeat(LIMITS.notes + 1) })).toEqual({
    ok: false,
    problems: { notes: { kind: 'invalid', code: 'too_big' } },
  });
  expect(period({ startDate: '2031-02-01', endDate: '2031-02-02', notes: 'x'.repeat(LIMITS.notes) }).ok).toBe(true);
});

it('a slot whose end is not after its start breaks the rule on the end time', () => {
  const slot = { date: '2031-03-03', startTime: '17:00', endTime: '17:00', isAvailable: true, notes: '' };
  expect(checkForm(timeSlotInputSchema, slot)).toEqual({ ok: false, problems: { endTime: { kind: 'rule' } } });
});
