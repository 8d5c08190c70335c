// firestore.rules and the shared schemas (shared/src/schemas) must draw the same lines: for each field the rules
// check, values at and just past each limit the schema sets (lengths from LIMITS, calendar days, times, statuses,
// the SMS flag) are written by the admin, and the rules must accept exactly those the schema accepts.
import { doc, serverTimestamp, setDoc, updateDoc, type DocumentData } from 'firebase/firestore/lite';
import { BOOKING_STATUSES, LIMITS } from '@studio/shared/domain';
import {
  availabilityPeriodInputSchema,
  bookingStatusUpdateSchema,
  settingsUpdateSchema,
  timeSlotInputSchema,
  unavailableRangeInputSchema,
} from '@studio/shared/schemas';
import { readRules, rulesProject, seed, type RulesProject } from './rules-cases';

let project: RulesProject;
let n = 0;
const fresh = (prefix: string) => `${prefix}-agree-${++n}`;

beforeAll(async () => {
  project = await rulesProject('demo-agreement', readRules());
  await seed(project, []);
});
afterAll(() => project.cleanup());

/** Whether the admin's write is allowed by the rules. */
async function rulesAccept(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'permission-denied') return false;
    throw error;
  }
}

const admin = () => project.db('claimAdmin');
const create = (collection: string, data: DocumentData) => () => setDoc(doc(admin(), fresh(collection)), data);

const DATES = [
  '2031-01-31',
  '2031-02-28',
  '2031-02-29',
  '2032-02-29',
  '2000-02-29',
  '2100-02-29',
  '2031-04-30',
  '2031-04-31',
  '2031-12-31',
  '2031-13-01',
  '2031-00-10',
  '2031-01-00',
  '2031-1-01',
  '0000-01-01',
  '',
];
const TIMES = ['00:00', '09:30', '23:58', '23:59', '24:00', '9:00', '12:60', ''];
const TEXTS = [
  '',
  'x'.repeat(LIMITS.notes),
  'x'.repeat(LIMITS.notes + 1),
  'one\ntwo\n\tthree',
  'carriage\r\nreturn',
  'bell\u0007',
  'vertical\u000Btab',
  'delete\u007F',
];
const LATEST = '9999-12-31';
const EARLIEST = '0000-01-01';

type Case = [label: string, value: unknown, schema: boolean, rules: () => Promise<unknown>];

function cases(): Case[] {
  const out: Case[] = [];
  const period = (over: DocumentData) => ({ startDate: EARLIEST, endDate: LATEST, isAvailable: true, ...over });
  for (const d of DATES) {
    out.push(
      [
        'availability period start date',
        d,
        availabilityPeriodInputSchema.safeParse({ ...period({ startDate: d }), notes: '' }).success,
        create('availabilityPeriods/p', {
          ...period({ startDate: d }),
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        }),
      ],
      [
        'unavailable range end date',
        d,
        unavailableRangeInputSchema.safeParse({ startDate: EARLIEST, endDate: d, reason: '' }).success,
        create('unavailableDays/u', { startDate: EARLIEST, endDate: d, createdAt: serverTimestamp() }),
      ],
      [
        'time slot date',
        d,
        timeSlotInputSchema.safeParse({ date: d, startTime: '09:00', endTime: '10:00', isAvailable: true, notes: '' })
          .success,
        create('timeSlots/s', {
          date: d,
          startTime: '09:00',
          endTime: '10:00',
          isAvailable: true,
          createdAt: serverTimestamp(),
        }),
      ],
    );
  }
  for (const t of TIMES) {
    const slot = { date: '2031-03-01', startTime: t, endTime: '23:59', isAvailable: true };
    out.push([
      'time slot start time (ending 23:59)',
      t,
      timeSlotInputSchema.safeParse({ ...slot, notes: '' }).success,
      create('timeSlots/s', { ...slot, createdAt: serverTimestamp() }),
    ]);
    const late = { date: '2031-03-01', startTime: '00:00', endTime: t, isAvailable: true };
    out.push([
      'time slot end time (starting 00:00)',
      t,
      timeSlotInputSchema.safeParse({ ...late, notes: '' }).success,
      create('timeSlots/s', { ...late, createdAt: serverTimestamp() }),
    ]);
  }
  for (const text of TEXTS) {
    out.push([
      `a note or reason of ${text.length} characters`,
      text,
      timeSlotInputSchema.safeParse({
        date: '2031-03-01',
        startTime: '09:00',
        endTime: '10:00',
        isAvailable: true,
        notes: text,
      }).success,
      create('availabilityNotes/timeSlots_n', { text }),
    ]);
  }
  for (const status of [...BOOKING_STATUSES, 'Archived', 'new', '']) {
    out.push([
      'booking status',
      status,
      bookingStatusUpdateSchema.safeParse({ status }).success,
      () => updateDoc(doc(admin(), 'bookingRequests/b1'), { status, updatedAt: serverTimestamp() }),
    ]);
  }
  for (const smsEnabled of [true, false, null, 'true', 1]) {
    out.push([
      'SMS flag',
      smsEnabled,
      settingsUpdateSchema.safeParse({ smsEnabled }).success,
      () => setDoc(doc(admin(), 'settings/sms'), { smsEnabled, updatedAt: serverTimestamp() }),
    ]);
  }
  return out;
}

it.each(cases().map(([label, value, schema, rules]) => [label, JSON.stringify(value), schema, rules] as const))(
  '%s %s: the rules decide as the schema does',
  async (_label, _value, schema, rules) => {
    expect(await rulesAccept(rules)).toBe(schema);
  },
);
