// docs/product.md §5 (security helpers): a name is 2-50 characters. The booking schema reads LIMITS.name, the kit's
// validators NAME_MAX_LENGTH; the kit imports nothing from shared, so this test is what keeps the two from drifting.
import { NAME_MAX_LENGTH } from '@studio/security-kit';
import { bookingInputSchema } from '../api/bookings';
import { LIMITS } from './constants';

test('the booking name limit and the security kit agree on 50 characters', () => {
  expect(LIMITS.name).toBe(50);
  expect(NAME_MAX_LENGTH).toBe(LIMITS.name);
  const name = bookingInputSchema.shape.name;
  expect(name.safeParse('N'.repeat(50)).success).toBe(true);
  expect(name.safeParse('N'.repeat(51)).success).toBe(false);
});
