// Services behave by their settings: the seeded services carry docs/product.md §9's payment schedules word
// for word as data, and no code outside the seed and the one read-time upgrade of old rows decides by a service's id.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { newBookingRecord, withStoredRules, type BookingInput } from '@studio/shared/domain';
import { services } from '../src/features/content/seed/demo-content';

const visitor: BookingInput = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '',
  serviceId: '',
  serviceTierId: '',
  date: '',
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: 'A shoot.',
  smsOptIn: false,
};

test("a booking of each seeded tier stores the spec's payment schedule, word for word", () => {
  const schedules = services.flatMap((service) =>
    service.tiers.map((tier) => [tier.id, newBookingRecord(visitor, service, tier).paymentSchedule]),
  );
  expect(Object.fromEntries(schedules)).toEqual({
    'photoshoot-mini': '50% upfront, 50% upon completion',
    'photoshoot-standard': '50% upfront, 50% upon completion',
    'photoshoot-editorial': '50% upfront, 50% upon completion',
    'ugc-single': '50% upfront, 50% upon completion',
    'ugc-weekly': 'Monthly in advance',
    'ugc-monthly': 'Monthly in advance',
    'ugc-runway': '100% upfront',
    'others-hourly': 'TBD',
    'others-custom': 'TBD',
    'events-half': 'TBD',
    'events-full': 'TBD',
  });
});

test('the seeded services are stored with their rules, which reading them keeps as they are', () => {
  for (const service of services) {
    expect(service.rules).toBeDefined();
    expect(withStoredRules(service)).toEqual(service);
  }
  expect(services.filter((s) => s.rules?.needsConsultation).map((s) => s.displayName)).toEqual(['Photoshoot']);
});

test('the seeded services name their contract templates', () => {
  expect(Object.fromEntries(services.map((s) => [s.id, s.rules?.contractTemplate]))).toEqual({
    photoshoot: 'modeling',
    usergeneratedcontent: 'ugc',
    others: 'modeling',
    'brand-events': 'event',
  });
});

test('a service stored before services carried rules gets the rules its id had, tiers included', () => {
  const old = { displayName: 'Old', description: '', image: '', price: '' };
  const tier = (id: string) => ({ id, displayName: id, price: '', includes: [] });
  const ugc = withStoredRules({
    ...old,
    id: 'usergeneratedcontent',
    tiers: ['UGC-Weekly', 'monthly-retainer', 'ugc-runway', 'ugc-single'].map(tier),
  });
  expect(ugc.tiers.map((t) => newBookingRecord(visitor, ugc, t).paymentSchedule)).toEqual([
    'Monthly in advance',
    'Monthly in advance',
    '100% upfront',
    '50% upfront, 50% upon completion',
  ]);
  const shoot = withStoredRules({ ...old, id: 'photoshoot', tiers: [tier('monthly-runway')] });
  expect(shoot.rules).toMatchObject({ needsConsultation: true, dateLabel: 'Preferred Shoot Date' });
  expect(newBookingRecord(visitor, shoot, shoot.tiers[0]!).paymentSchedule).toBe('50% upfront, 50% upon completion');
  const other = withStoredRules({ ...old, id: 'events', tiers: [tier('events-monthly')] });
  expect(other.rules).toMatchObject({ needsConsultation: false, dateLabel: 'Preferred Date', paymentSchedule: 'TBD' });
  expect(newBookingRecord(visitor, other, other.tiers[0]!).paymentSchedule).toBe('TBD');
});

const ROOT = path.join(__dirname, '..', '..');
const SOURCE_DIRS = ['shared/src', 'public-site/src', 'admin-app/src', 'server/src', 'shell/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [full] : [];
  });
}

test("no code decides by a service's id or words in a tier's id", () => {
  // The seed names its services; the contract suite's data and the test support are test code; the read-time upgrade
  // of rows stored before services carried rules of their own is the one place that still reads what their ids meant.
  const exempt = /(\/seed\/|\/test-support\/|\/backend\/contract\/|\/legacy-service-rules\.ts$)/;
  const checks = /(===|!==)\s*'(photoshoot|usergeneratedcontent|others)'|includes\('(ugc|weekly|monthly|runway)/;
  const offending = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
    .filter((file) => !exempt.test(file))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => `${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`)
        .filter((line) => checks.test(line)),
    );
  expect(offending).toEqual([]);
});
