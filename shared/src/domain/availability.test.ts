import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  addCalendarDays,
  checkDates,
  hasAnyAvailabilityPeriod,
  isDateAvailable,
  isIsoDate,
  nextAvailableDate,
  unavailableDatesMessage,
} from './availability';
import type { PublicAvailability } from './availability-types';

type Period = PublicAvailability['periods'][number];
type Slot = PublicAvailability['slots'][number];

let ids = 0;
const period = (startDate: string, endDate: string, isAvailable = true): Period => ({
  id: `p${++ids}`,
  startDate,
  endDate,
  isAvailable,
});
const range = (startDate: string, endDate: string) => ({ id: `u${++ids}`, startDate, endDate });
const slot = (date: string, isAvailable: boolean): Slot => ({
  id: `s${++ids}`,
  date,
  startTime: '09:00',
  endTime: '17:00',
  isAvailable,
});
const availability = (over: Partial<PublicAvailability> = {}): PublicAvailability => ({
  periods: [],
  unavailable: [],
  slots: [],
  ...over,
});

const june = availability({ periods: [period('2025-06-01', '2025-06-30')] });

describe('isDateAvailable (docs/product.md §5)', () => {
  it('is available inside an available period, both ends included', () => {
    expect(isDateAvailable('2025-06-01', june)).toBe(true);
    expect(isDateAvailable('2025-06-15', june)).toBe(true);
    expect(isDateAvailable('2025-06-30', june)).toBe(true);
  });

  it('is unavailable outside every period', () => {
    expect(isDateAvailable('2025-05-31', june)).toBe(false);
    expect(isDateAvailable('2025-07-01', june)).toBe(false);
  });

  it('is unavailable when only a period marked not available covers it', () => {
    const a = availability({ periods: [period('2025-06-01', '2025-06-30', false)] });
    expect(isDateAvailable('2025-06-10', a)).toBe(false);
  });

  it('is available when one of several periods is available and covers it', () => {
    const a = availability({
      periods: [period('2025-06-01', '2025-06-30', false), period('2025-06-10', '2025-06-12')],
    });
    expect(isDateAvailable('2025-06-11', a)).toBe(true);
    expect(isDateAvailable('2025-06-13', a)).toBe(false);
  });

  it('is unavailable when an unavailable range covers it, both ends included', () => {
    const a = { ...june, unavailable: [range('2025-06-10', '2025-06-12')] };
    expect(isDateAvailable('2025-06-09', a)).toBe(true);
    expect(isDateAvailable('2025-06-10', a)).toBe(false);
    expect(isDateAvailable('2025-06-11', a)).toBe(false);
    expect(isDateAvailable('2025-06-12', a)).toBe(false);
    expect(isDateAvailable('2025-06-13', a)).toBe(true);
  });

  it('is unavailable when the date has slots and all of them are unavailable', () => {
    const a = { ...june, slots: [slot('2025-06-10', false), slot('2025-06-10', false)] };
    expect(isDateAvailable('2025-06-10', a)).toBe(false);
  });

  it('is available when one of the date’s slots is available', () => {
    const a = { ...june, slots: [slot('2025-06-10', false), slot('2025-06-10', true)] };
    expect(isDateAvailable('2025-06-10', a)).toBe(true);
  });

  it('ignores slots of other dates: a date without slots follows its period', () => {
    const a = { ...june, slots: [slot('2025-06-11', false)] };
    expect(isDateAvailable('2025-06-10', a)).toBe(true);
    expect(isDateAvailable('2025-06-11', a)).toBe(false);
  });

  it('an available slot does not open a date outside every period', () => {
    const a = { ...june, slots: [slot('2025-07-05', true)] };
    expect(isDateAvailable('2025-07-05', a)).toBe(false);
  });

  it('is unavailable when no period exists at all', () => {
    expect(isDateAvailable('2025-06-10', availability())).toBe(false);
    expect(isDateAvailable('2025-06-10', availability({ slots: [slot('2025-06-10', true)] }))).toBe(false);
    expect(hasAnyAvailabilityPeriod(availability())).toBe(false);
    expect(hasAnyAvailabilityPeriod(june)).toBe(true);
  });

  it('is unavailable for text that is not a calendar date', () => {
    expect(isDateAvailable('', june)).toBe(false);
    expect(isDateAvailable('2025-06-31', june)).toBe(false);
    expect(isDateAvailable('2025-6-5', june)).toBe(false);
  });
});

describe('checkDates', () => {
  it('looks availability up once for every date and lists the unavailable ones in order, each once', async () => {
    const lookup = jest.fn(async () => ({ ...june, unavailable: [range('2025-06-20', '2025-06-20')] }));
    const result = await checkDates(['2025-07-02', '2025-06-10', '2025-06-20', '2025-07-02'], lookup);
    expect(result).toEqual({ unavailable: ['2025-07-02', '2025-06-20'] });
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('answers no unavailable dates when all are available', async () => {
    await expect(checkDates(['2025-06-10', '2025-06-11'], async () => june)).resolves.toEqual({ unavailable: [] });
  });

  it('treats every date as available when the lookup fails', async () => {
    const lookup = jest.fn(async (): Promise<PublicAvailability> => {
      throw new Error('offline');
    });
    await expect(checkDates(['2025-06-10', '2030-01-01'], lookup)).resolves.toEqual({ unavailable: [] });
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('does not look anything up without dates', async () => {
    const lookup = jest.fn(async () => june);
    await expect(checkDates([], lookup)).resolves.toEqual({ unavailable: [] });
    expect(lookup).not.toHaveBeenCalled();
  });
});

describe('nextAvailableDate', () => {
  it('answers the start date itself when it is available (it is day 0)', () => {
    expect(nextAvailableDate('2025-06-10', june)).toBe('2025-06-10');
  });

  it('finds the first available date ahead, across a month end', () => {
    const a = availability({ periods: [period('2025-07-03', '2025-07-31')] });
    expect(nextAvailableDate('2025-06-25', a)).toBe('2025-07-03');
  });

  it('skips unavailable ranges and dates whose slots are all taken', () => {
    const a = { ...june, unavailable: [range('2025-06-10', '2025-06-11')], slots: [slot('2025-06-12', false)] };
    expect(nextAvailableDate('2025-06-10', a)).toBe('2025-06-13');
  });

  it('scans day 0 to day 29: day 29 is found, day 30 is not', () => {
    expect(nextAvailableDate('2025-06-01', availability({ periods: [period('2025-06-30', '2025-06-30')] }))).toBe(
      '2025-06-30',
    );
    expect(nextAvailableDate('2025-06-01', availability({ periods: [period('2025-07-01', '2025-07-31')] }))).toBeNull();
  });

  it('answers null when nothing is available, or the start is not a date', () => {
    expect(nextAvailableDate('2025-06-01', availability())).toBeNull();
    expect(nextAvailableDate('', june)).toBeNull();
  });

  it('takes a shorter window when asked', () => {
    const a = availability({ periods: [period('2025-06-05', '2025-06-05')] });
    expect(nextAvailableDate('2025-06-01', a, 4)).toBeNull();
    expect(nextAvailableDate('2025-06-01', a, 5)).toBe('2025-06-05');
  });
});

describe('unavailableDatesMessage', () => {
  it('reads as docs/product.md §5 words it', () => {
    expect(unavailableDatesMessage(['2025-06-10', '2025-06-12'])).toBe(
      'The following dates are not available: 2025-06-10, 2025-06-12. Please select different dates.',
    );
    expect(unavailableDatesMessage(['2025-06-10'])).toBe(
      'The following dates are not available: 2025-06-10. Please select different dates.',
    );
  });
});

describe('calendar dates', () => {
  it('recognises real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-06-10T00:00:00Z')).toBe(false);
  });

  it('adds calendar days across month, year and leap-day boundaries', () => {
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addCalendarDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addCalendarDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(() => addCalendarDays('nope', 1)).toThrow(RangeError);
  });

  // jest cannot change the zone of its own process, so one child process runs the same rules in far-apart zones,
  // including ones whose DST change happens at midnight (America/Santiago, America/Havana). Node applies a new
  // process.env.TZ at once, so the child switches zones between runs.
  it('never shifts a date, whatever the time zone', () => {
    const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Santiago', 'America/Havana', 'Asia/Tokyo'];
    const here = path.resolve(__dirname);
    const script = `
      import { addCalendarDays, nextAvailableDate, isDateAvailable } from ${JSON.stringify(path.join(here, 'availability'))};
      import { milestoneDates } from ${JSON.stringify(path.join(here, 'contract'))};
      const a = { periods: [{ id: 'p', startDate: '2024-09-08', endDate: '2024-09-08', isAvailable: true }], unavailable: [], slots: [] };
      const results = ${JSON.stringify(zones)}.map((zone) => {
        process.env.TZ = zone;
        return {
          zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          days: ['2024-03-09', '2024-03-10', '2024-09-07', '2024-11-02', '2024-04-06'].map((d) => addCalendarDays(d, 1)),
          next: nextAvailableDate('2024-09-01', a),
          available: isDateAvailable('2024-09-08', a),
          milestones: milestoneDates('2024-09-01', '10'),
        };
      });
      console.log(JSON.stringify(results));`;
    const tsx = path.resolve(here, '../../../node_modules/tsx/dist/cli.mjs');
    const out = execFileSync(process.execPath, [tsx, '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(
      zones.map((zone) => ({
        zone,
        days: ['2024-03-10', '2024-03-11', '2024-09-08', '2024-11-03', '2024-04-07'],
        next: '2024-09-08',
        available: true,
        milestones: ['2024-09-19', '2024-10-24', '2024-11-10'],
      })),
    );
  });
});
