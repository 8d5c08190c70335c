// The self-tests must be able to fail: with a kit whose sanitiser, phishing detector or rate limiter is broken, the
// matching checks report failure (and only those), and a check that throws counts as failed.
import type * as Kit from '@studio/security-kit';
import { CHECK_COUNT, runSecurityChecks } from './run-security-checks';

type KitKey = keyof typeof Kit;
const realKit = jest.requireActual<typeof Kit>('@studio/security-kit');

// Replacements for single kit exports, per test; the checks read the kit through this proxy.
const mockBroken: Partial<Record<KitKey, unknown>> = {};
jest.mock('@studio/security-kit', () => {
  const actual = jest.requireActual<Record<string, unknown>>('@studio/security-kit');
  return new Proxy(actual, {
    get: (target, key) =>
      typeof key === 'string' && key in mockBroken ? mockBroken[key as KitKey] : Reflect.get(target, key),
  });
});

afterEach(() => {
  for (const key of Object.keys(mockBroken)) delete mockBroken[key as KitKey];
});

const failed = () =>
  runSecurityChecks()
    .filter((r) => !r.passed)
    .map((r) => r.id);

test('with the real kit every check passes', () => {
  const results = runSecurityChecks();
  expect(results).toHaveLength(CHECK_COUNT);
  expect(CHECK_COUNT).toBe(24);
  expect(results.filter((r) => !r.passed)).toEqual([]);
});

test('a sanitiser that returns its input unchanged fails the sanitiser checks', () => {
  mockBroken.sanitizeInput = (s: string) => s;
  expect(failed()).toEqual(['scriptTags', 'htmlTags', 'unsafeCharacters', 'malformedTags']);
});

test('a phishing detector that misses a phrase fails the phrase check', () => {
  const detect = realKit.detectPhishing;
  mockBroken.detectPhishing = (text: string) => {
    const result = detect(text);
    const matches = result.matches.filter((m) => m !== 'western union');
    return { suspicious: matches.length > 0, matches };
  };
  expect(failed()).toEqual(['allPhrases', 'caseAndSpacing']);
});

test('a limiter that allows 61 requests fails the 60-per-minute checks', () => {
  mockBroken.createRateLimiter = (options: Kit.RateLimiterOptions = {}) =>
    realKit.createRateLimiter({ ...options, limit: 61 });
  expect(failed()).toEqual(['sixtyAllowed', 'sixtyFirstRefused']);
});

test('a token generator that throws fails its check without stopping the others', () => {
  mockBroken.generateCsrfToken = () => {
    throw new Error('no crypto');
  };
  expect(failed()).toEqual(['tokenFormat']);
  expect(runSecurityChecks()).toHaveLength(24);
});

test('a monitor that keeps 51 events fails the cap check', () => {
  mockBroken.createSecurityMonitor = () => realKit.createSecurityMonitor({ max: 51 });
  expect(failed()).toEqual(['cap']);
});
