// What a shared schema accepts, found by asking it: a form's maxLength, min and max are tested against what the
// server checks, not against a constant the test could have copied along with the form.
import type { z } from '@studio/shared/schemas';

/** The longest run of `char` the schema accepts (it must accept one character); at most `ceiling`. */
export function longestAccepted(schema: z.ZodType, char = 'a', ceiling = 100_000): number {
  const accepts = (n: number) => schema.safeParse(char.repeat(n)).success;
  if (!accepts(1)) throw new Error('the schema refuses a single character');
  let [low, high] = [1, ceiling];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (accepts(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The smallest and largest whole numbers from 0 to `ceiling` the schema accepts as text. */
export function acceptedWholeNumbers(schema: z.ZodType, ceiling = 10_000): { min: number; max: number } {
  const accepted = Array.from({ length: ceiling + 1 }, (_, n) => n).filter((n) => schema.safeParse(String(n)).success);
  if (accepted.length === 0) throw new Error('the schema accepts no whole number');
  return { min: accepted[0]!, max: accepted[accepted.length - 1]! };
}
