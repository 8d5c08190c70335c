// The contract form's timeline (issue 19): whole weeks from CONTRACT_TIMELINE_WEEKS, the bounds the dialog's number
// input shows too.
import { CONTRACT_TIMELINE_WEEKS } from '../domain/constants';
import { contractFormSchema } from './contract';

const timeline = contractFormSchema.shape.timeline;

test('the timeline is a whole number of weeks from 1 to 199, trimmed', () => {
  expect(CONTRACT_TIMELINE_WEEKS).toEqual({ min: 1, max: 199 });
  for (const ok of ['1', '4', '52', '199', ' 6 ']) expect(timeline.safeParse(ok).success).toBe(true);
  for (const bad of ['0', '200', '01', '1.5', '-4', '', 'four', '1e2']) {
    expect(timeline.safeParse(bad).error?.issues[0]?.message).toBe('Must be a whole number of weeks (1 to 199)');
  }
});
