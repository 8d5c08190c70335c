// The Firestore outbox's and mail queue's ids (platform/firestore/time-ordered-ids.ts): time-ordered, growing
// within a process whatever the clock does, and safe integers (the port's number type).
import { timeOrderedIds, withFreshId } from '../src/platform/firestore/time-ordered-ids';

describe('time-ordered ids', () => {
  it('sorts as the clock, and grows when the clock stands still or steps back', () => {
    let clock = 1_800_000_000_000;
    const next = timeOrderedIds(
      () => clock,
      () => 0.5,
    );
    const a = next();
    expect(a).toBe(1_800_000_000_000_500);
    const b = next();
    expect(b).toBe(a + 1);
    clock -= 5;
    expect(next()).toBe(b + 1);
    clock += 10;
    expect(next()).toBe(1_800_000_000_005_500);
  });

  it('gives 10,000 distinct growing ids in a burst, above every id counted up by the old scheme', () => {
    const next = timeOrderedIds();
    const ids = Array.from({ length: 10_000 }, next);
    expect(new Set(ids).size).toBe(10_000);
    expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] as number))).toBe(true);
    expect(ids.every(Number.isSafeInteger)).toBe(true);
    expect(ids[0]).toBeGreaterThan(1e15);
  });

  it('stays a safe integer until the year 2255', () => {
    const next = timeOrderedIds(
      () => Date.parse('2255-01-01T00:00:00.000Z'),
      () => 0.999,
    );
    expect(Number.isSafeInteger(next())).toBe(true);
  });

  it('tries the next id when the document exists, and nothing else', async () => {
    const exists = Object.assign(new Error('6 ALREADY_EXISTS'), { code: 6 });
    let n = 0;
    const tried: number[] = [];
    const id = await withFreshId(
      () => ++n,
      async (candidate) => {
        tried.push(candidate);
        if (candidate < 3) throw exists;
        return candidate;
      },
    );
    expect(id).toBe(3);
    expect(tried).toEqual([1, 2, 3]);
    const other = Object.assign(new Error('10 ABORTED'), { code: 10 });
    await expect(
      withFreshId(
        () => 1,
        () => Promise.reject(other),
      ),
    ).rejects.toBe(other);
    await expect(
      withFreshId(
        () => 1,
        () => Promise.reject(exists),
      ),
    ).rejects.toBe(exists);
  });
});
