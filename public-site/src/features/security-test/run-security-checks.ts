// The checks behind "Run Tests": each calls the kit the way the site does and compares with what docs/product.md §5 and §9
// require, so a broken or mis-bundled kit shows up in the browser, not only in the kit's unit tests. Checks use
// their own rate limiter and monitor (never the page-wide ones) so running them changes nothing the visitor sees,
// except the CSRF token, which is created exactly as the site's first state-changing request would create it.
//
// No input given to the sanitiser here carries an on* attribute: Chromium's DOMParser (which DOMPurify uses) reports
// a script-src-attr CSP violation for such attributes although it never runs them, and the page's own CSP watcher
// would then log a false alarm in the monitor on every run. The kit's unit tests cover those inputs.
import {
  CSRF_HEADER,
  CSRF_STORAGE_KEY,
  MONITOR_MAX_EVENTS,
  PHISHING_PHRASES,
  RATE_LIMIT_MAX,
  RATE_LIMIT_WINDOW_MS,
  createRateLimiter,
  createSecurityMonitor,
  csrfHeaders,
  detectPhishing,
  generateCsrfToken,
  getCsrfToken,
  getEmailWarnings,
  getNameWarnings,
  getPhoneWarnings,
  inspectInput,
  sanitizeInput,
  validateEmail,
  validateName,
  validatePhone,
  validateText,
} from '@studio/security-kit';
import { messages } from '../../messages';

const t = messages.securityTest.tests;

export type CheckGroup = keyof typeof t.groups;
export type CheckId = keyof typeof t.checks;

export interface CheckResult {
  id: CheckId;
  group: CheckGroup;
  label: string;
  passed: boolean;
}

interface Check {
  id: CheckId;
  group: CheckGroup;
  run: () => boolean;
}

const every = <T>(items: readonly T[], predicate: (item: T) => boolean): boolean => items.every(predicate);
const valid = (result: { valid: boolean }): boolean => result.valid;
const invalid = (result: { valid: boolean }): boolean => !result.valid;
const NO_MARKUP_CHARACTERS = /^[^<>"'&]*$/;
const HEX_64 = /^[0-9a-f]{64}$/;

/** A rate limiter on a clock the check moves by hand, so a minute passes instantly. */
function limiterWithClock() {
  let now = 1_000_000;
  const limiter = createRateLimiter({ now: () => now });
  return { limiter, advance: (ms: number) => (now += ms) };
}

const CHECKS: readonly Check[] = [
  {
    id: 'emailFormat',
    group: 'validators',
    run: () =>
      every(['name@example.com', 'first.last+tag@studio.co.uk'], (e) => valid(validateEmail(e))) &&
      every(['', 'name@', 'name@example', 'not an email', 'a@b@example.com'], (e) => invalid(validateEmail(e))),
  },
  {
    id: 'phoneFormat',
    group: 'validators',
    run: () =>
      every(['+441234567890', '0123456789'], (p) => valid(validatePhone(p))) &&
      every(['', '+44 1234 567890', '0123-456789', '++441234567890', '12+34', 'phone'], (p) =>
        invalid(validatePhone(p)),
      ),
  },
  {
    id: 'nameFormat',
    group: 'validators',
    run: () =>
      every(["Zoë O'Brien", 'Anne-Marie', '李小龙', 'Ольга Петрова', 'Al'], (n) => valid(validateName(n))) &&
      every(['', 'A', 'R2-D2', '<b>Ann</b>', '--', 'x'.repeat(51)], (n) => invalid(validateName(n))),
  },
  {
    id: 'textLength',
    group: 'validators',
    run: () =>
      every(['a', 'x'.repeat(1000)], (s) => valid(validateText(s))) &&
      every(['', '   ', 'x'.repeat(1001)], (s) => invalid(validateText(s))),
  },
  {
    id: 'adminEmail',
    group: 'warnings',
    run: () =>
      every(['admin@example.com', 'Root@example.com', 'administrator@example.com'], (e) =>
        getEmailWarnings(e).some((w) => w.code === 'admin-email'),
      ) && getEmailWarnings('badminton@example.com').length === 0,
  },
  {
    id: 'disposableEmail',
    group: 'warnings',
    run: () =>
      every(['someone@mailinator.com', 'someone@guerrillamail.com'], (e) =>
        getEmailWarnings(e).some((w) => w.code === 'disposable-email'),
      ) && getEmailWarnings('someone@gmail.com').length === 0,
  },
  {
    id: 'phoneLength',
    group: 'warnings',
    run: () =>
      every(['123456789', '+12345678901234567'], (p) => getPhoneWarnings(p).some((w) => w.code === 'phone-length')) &&
      every(['1234567890', '+1234567890123456'], (p) => getPhoneWarnings(p).length === 0),
  },
  {
    id: 'nameLength',
    group: 'warnings',
    run: () =>
      getNameWarnings('a'.repeat(51)).some((w) => w.code === 'name-length') &&
      getNameWarnings('a'.repeat(50)).length === 0,
  },
  {
    id: 'scriptTags',
    group: 'sanitiser',
    run: () =>
      sanitizeInput('<script>alert(1)</script>Hi') === 'Hi' &&
      sanitizeInput('before<SCRIPT src="//evil.example/x.js"></SCRIPT>after') === 'beforeafter',
  },
  {
    id: 'htmlTags',
    group: 'sanitiser',
    run: () =>
      sanitizeInput('Hello <b>world</b>') === 'Hello world' &&
      sanitizeInput('<a href="javascript:alert(1)">link</a>') === 'link' &&
      sanitizeInput('<iframe src="https://evil.example">inner</iframe>kept') === 'kept' &&
      sanitizeInput('<svg><script>alert(1)</script></svg>z') === 'z',
  },
  {
    id: 'unsafeCharacters',
    group: 'sanitiser',
    run: () =>
      sanitizeInput('Tom & Jerry') === 'Tom  Jerry' &&
      sanitizeInput(`O'Brien said "hi"`) === 'OBrien said hi' &&
      sanitizeInput('a < b > c') === 'a  b  c',
  },
  {
    id: 'malformedTags',
    group: 'sanitiser',
    run: () =>
      every(
        [
          '<scr<script>ipt>alert(1)</script>',
          '<<b>b>',
          '<<script>script>alert(1)<</script>/script>',
          '<img src=x alt=//',
          '"><script>alert(document.domain)</script>',
          '<a href="x" title=\'y\'>x',
          '<div <div>>text</div>',
        ],
        (input) => {
          const output = sanitizeInput(input);
          return NO_MARKUP_CHARACTERS.test(output) && !/<\/?[a-z]/i.test(output);
        },
      ),
  },
  {
    id: 'allPhrases',
    group: 'phishing',
    run: () =>
      PHISHING_PHRASES.length === 19 &&
      new Set(PHISHING_PHRASES).size === 19 &&
      every(PHISHING_PHRASES, (phrase) => {
        const result = detectPhishing(`Hello, ${phrase} today.`);
        return result.suspicious && result.matches.includes(phrase);
      }),
  },
  {
    id: 'caseAndSpacing',
    group: 'phishing',
    run: () =>
      every(PHISHING_PHRASES, (phrase) => {
        const shouted = phrase.toUpperCase().split(' ').join('  \n ');
        return detectPhishing(`Note: ${shouted}!`).matches.includes(phrase);
      }),
  },
  {
    id: 'reportsMatches',
    group: 'phishing',
    run: () => {
      // Written in reverse order: the detector reports matches in list order, each once.
      const pair = PHISHING_PHRASES.slice(0, 2);
      const result = detectPhishing(`${pair.join(' and ')}, again: ${[...pair].reverse().join(' and ')}`);
      return pair.length === 2 && result.matches.join('|') === pair.join('|');
    },
  },
  {
    id: 'ordinaryText',
    group: 'phishing',
    run: () =>
      every(
        [
          'Hi! I would love to book a photoshoot in May for our new collection.',
          'You have wonderful photos in your portfolio.',
          '',
        ],
        (text) => !detectPhishing(text).suspicious,
      ),
  },
  {
    id: 'sixtyAllowed',
    group: 'rateLimit',
    run: () => {
      const { limiter } = limiterWithClock();
      const results = Array.from({ length: RATE_LIMIT_MAX }, () => limiter.check('form'));
      return RATE_LIMIT_MAX === 60 && results.every((r) => r.allowed) && results[59]?.remaining === 0;
    },
  },
  {
    id: 'sixtyFirstRefused',
    group: 'rateLimit',
    run: () => {
      const { limiter, advance } = limiterWithClock();
      for (let i = 0; i < 60; i += 1) limiter.check('form');
      advance(15_000);
      const sixtyFirst = limiter.check('form');
      return !sixtyFirst.allowed && sixtyFirst.retryAfterMs === RATE_LIMIT_WINDOW_MS - 15_000;
    },
  },
  {
    id: 'windowReset',
    group: 'rateLimit',
    run: () => {
      const { limiter, advance } = limiterWithClock();
      for (let i = 0; i < 60; i += 1) limiter.check('form');
      const otherKey = limiter.check('other').allowed;
      advance(RATE_LIMIT_WINDOW_MS);
      const afterMinute = limiter.check('form').allowed;
      for (let i = 0; i < 60; i += 1) limiter.check('form');
      limiter.reset('form');
      return RATE_LIMIT_WINDOW_MS === 60_000 && otherKey && afterMinute && limiter.check('form').allowed;
    },
  },
  {
    id: 'tokenFormat',
    group: 'csrf',
    run: () => {
      const tokens = Array.from({ length: 5 }, generateCsrfToken);
      return every(tokens, (token) => HEX_64.test(token)) && new Set(tokens).size === tokens.length;
    },
  },
  {
    id: 'sessionStorage',
    group: 'csrf',
    run: () => {
      const token = getCsrfToken();
      return HEX_64.test(token) && sessionStorage.getItem(CSRF_STORAGE_KEY) === token && getCsrfToken() === token;
    },
  },
  {
    id: 'requestHeader',
    group: 'csrf',
    run: () => csrfHeaders()[CSRF_HEADER] === getCsrfToken(),
  },
  {
    id: 'cap',
    group: 'monitor',
    run: () => {
      const monitor = createSecurityMonitor();
      for (let i = 1; i <= 60; i += 1) monitor.record('info', `event ${i}`);
      const events = monitor.list();
      return (
        MONITOR_MAX_EVENTS === 50 &&
        events.length === 50 &&
        events[0]?.message === 'event 11' &&
        events[49]?.message === 'event 60'
      );
    },
  },
  {
    id: 'suspiciousInput',
    group: 'monitor',
    run: () =>
      inspectInput('<img src=x onerror=alert(1)>').reasons.includes('markup') &&
      inspectInput('<script>alert(1)</script>').reasons.includes('markup') &&
      inspectInput('Please verify your account').reasons.includes('phishing') &&
      !inspectInput('See you on Friday at 10.').suspicious,
  },
];

/** Runs every check; a check that throws counts as failed rather than stopping the rest. */
export function runSecurityChecks(): CheckResult[] {
  return CHECKS.map(({ id, group, run }) => {
    let passed: boolean;
    try {
      passed = run();
    } catch {
      passed = false;
    }
    return { id, group, label: t.checks[id], passed };
  });
}

export const CHECK_COUNT = CHECKS.length;
