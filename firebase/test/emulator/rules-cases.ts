// firestore.rules as a table of requests and the verdict each must get, one block per row of docs/architecture.md's
// rules table. rules.test.ts runs every case as a test; rules-mutation.test.ts runs them all against each weakened
// copy of the rules and requires at least one to change its verdict. Each case writes to documents of its own (its
// `seed`, or a fresh id), so the cases can run in any order, or all at once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  Timestamp,
  addDoc,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  serverTimestamp,
  setDoc,
  setLogLevel,
  updateDoc,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore/lite';

export const RULES_FILE = path.join(__dirname, '..', '..', 'firestore.rules');
export const OWNER_EMAIL = 'owner@studio.test';
const EMULATOR_HOST = process.env.FIRESTORE_EMULATOR_HOST ?? '';
const EMULATOR = `http://${EMULATOR_HOST}`;

type Db = Firestore;

// A denied request is an expected answer here, not something to log.
setLogLevel('silent');

export type Who = 'visitor' | 'claimAdmin' | 'configAdmin' | 'unverifiedOwner' | 'stranger' | 'claimFalse';

export interface RulesCase {
  name: string;
  who: Who;
  expect: 'allow' | 'deny';
  /** Documents this case needs, written with the rules off before any case runs. */
  seed?: Record<string, DocumentData>;
  run(db: Db): Promise<unknown>;
}

// The emulator reads these claims from an unsigned token, as it would from a real ID token.
const TOKENS: Record<Who, { sub: string; [claim: string]: unknown } | undefined> = {
  visitor: undefined,
  claimAdmin: {
    sub: 'claim-admin',
    user_id: 'claim-admin',
    email: 'claim@studio.test',
    email_verified: true,
    admin: true,
  },
  configAdmin: { sub: 'owner', user_id: 'owner', email: OWNER_EMAIL, email_verified: true },
  unverifiedOwner: { sub: 'owner-unverified', user_id: 'owner-unverified', email: OWNER_EMAIL, email_verified: false },
  stranger: { sub: 'eve', user_id: 'eve', email: 'eve@example.com', email_verified: true },
  claimFalse: {
    sub: 'claim-false',
    user_id: 'claim-false',
    email: 'x@example.com',
    email_verified: true,
    admin: false,
  },
};

const at = Timestamp.fromDate(new Date('2030-01-01T00:00:00Z'));

const storedBooking = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+15551234567',
  serviceId: 'usergeneratedcontent',
  service: 'User-Generated Content',
  servicePrice: '$500',
  serviceTier: 'Weekly Content',
  serviceTierId: 'ugc-weekly',
  paymentSchedule: 'Monthly in advance',
  date: '2030-06-10',
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: 'Three short videos.',
  smsOptIn: false,
  status: 'New',
  // createBooking keeps the hash of the request a booking was made from beside it (its idempotency key's request).
  requestHash: 'a'.repeat(64),
  createdAt: at,
  updatedAt: at,
};

/** What every case may read: the admin's address, content, one availability entry and its note, one booking. */
export const BASE_SEED: Record<string, DocumentData> = {
  'config/admin': { email: OWNER_EMAIL },
  'services/usergeneratedcontent': { displayName: 'User-Generated Content', tiers: [] },
  'portfolioMeta/main': { PRINT_CONCEPTS: [] },
  'projects/p1': { title: 'P' },
  'galleries/p1': { images: [], videos: [] },
  'siteContent/details': { name: 'Model' },
  'portfolioContent/main': { runway: {}, print: {}, 'comp-card': [], digitals: [] },
  'availabilityPeriods/a1': { startDate: '2030-01-01', endDate: '2030-12-31', isAvailable: true },
  'unavailableDays/u1': { startDate: '2030-02-01', endDate: '2030-02-02' },
  'timeSlots/s1': { date: '2030-03-01', startTime: '09:00', endTime: '10:00', isAvailable: true },
  'availabilityNotes/availabilityPeriods_a1': { text: 'Private' },
  'bookingRequests/b1': storedBooking,
  'settings/sms': { smsEnabled: false },
  'contracts/c1': { bookingId: 'b1', status: 'sent', version: 1 },
  'contractLinks/h1': { contractId: 'c1', expiresAt: '2030-01-01T00:00:00.000Z' },
};

export const period = (over: DocumentData = {}) => ({
  startDate: '2031-01-01',
  endDate: '2031-01-31',
  isAvailable: true,
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
  ...over,
});
export const range = (over: DocumentData = {}) => ({
  startDate: '2031-02-01',
  endDate: '2031-02-02',
  createdAt: serverTimestamp(),
  ...over,
});
export const slot = (over: DocumentData = {}) => ({
  date: '2031-03-01',
  startTime: '09:00',
  endTime: '10:00',
  isAvailable: true,
  createdAt: serverTimestamp(),
  ...over,
});
export const smsSetting = (over: DocumentData = {}) => ({ smsEnabled: true, updatedAt: serverTimestamp(), ...over });

let fresh = 0;
const id = (prefix: string) => `${prefix}-${++fresh}`;

/** A write to a document other cases use too; such cases run one after another (the emulator locks documents). */
const shared = (path: string, run: RulesCase['run']): RulesCase['run'] =>
  path in BASE_SEED ? Object.assign(run, { sharedDoc: path }) : run;
const set = (path: string, data: DocumentData) => shared(path, (db: Db) => setDoc(doc(db, path), data));
const merge = (path: string, data: DocumentData) =>
  shared(path, (db: Db) => setDoc(doc(db, path), data, { merge: true }));
/** A write to a document no run has written before (a fresh id on every run), so it is always a create. */
const setNew = (prefix: string, data: DocumentData) => (db: Db) => setDoc(doc(db, `${prefix}${id('new')}`), data);
const create = (name: string, data: DocumentData) => setNew(`${name}/`, data);
const read = (path: string) => (db: Db) => getDoc(doc(db, path));
const list = (name: string) => (db: Db) => getDocs(collection(db, name));

const allow = (who: Who, name: string, run: RulesCase['run'], seed?: RulesCase['seed']): RulesCase => ({
  who,
  name,
  run,
  expect: 'allow',
  ...(seed ? { seed } : {}),
});
const deny = (who: Who, name: string, run: RulesCase['run'], seed?: RulesCase['seed']): RulesCase => ({
  who,
  name,
  run,
  expect: 'deny',
  ...(seed ? { seed } : {}),
});

/** A case that deletes or updates gets a document of its own, so it cannot disturb another case. */
function own(path: string, data: DocumentData): { path: string; seed: Record<string, DocumentData> } {
  const p = `${path}-${++fresh}`;
  return { path: p, seed: { [p]: data } };
}

function contentCases(): RulesCase[] {
  const docs = [
    'services/usergeneratedcontent',
    'portfolioMeta/main',
    'projects/p1',
    'galleries/p1',
    'siteContent/details',
    'portfolioContent/main',
  ];
  return [
    ...docs.flatMap((p) => [
      allow('visitor', `a visitor reads ${p}`, read(p)),
      deny('visitor', `a visitor cannot write ${p}`, merge(p, { x: 1 })),
      deny('stranger', `a signed-in stranger cannot write ${p}`, merge(p, { x: 1 })),
      allow('claimAdmin', `the admin writes ${p}`, merge(p, { x: 1 })),
    ]),
    // Issue 16: only the documents the adapter writes, so the public collections hold nothing else.
    allow('claimAdmin', 'the admin writes siteContent/compCard', merge('siteContent/compCard', { units: 'metric' })),
    allow('claimAdmin', 'the admin writes siteContent/serviceOrder', merge('siteContent/serviceOrder', { ids: [] })),
    deny('claimAdmin', 'not even the admin writes another siteContent document', create('siteContent', { x: 1 })),
    deny('claimAdmin', 'not even the admin writes another portfolioContent document', create('portfolioContent', {})),
  ];
}

function adminCases(): RulesCase[] {
  return [
    allow('claimAdmin', 'the admin: the custom claim admin == true', read('settings/sms')),
    allow('configAdmin', 'the admin: the address in config/admin with a verified e-mail', read('settings/sms')),
    deny('unverifiedOwner', 'not the config/admin address unverified', read('settings/sms')),
    deny('stranger', 'not another verified address', read('settings/sms')),
    deny('claimFalse', 'not the claim admin == false', read('settings/sms')),
  ];
}

function availabilityCases(): RulesCase[] {
  const periods = 'availabilityPeriods';
  const days = 'unavailableDays';
  const slots = 'timeSlots';
  const del = (name: string, data: DocumentData, who: Who, verdict: 'allow' | 'deny') => {
    const target = own(`${name}/del`, data);
    const make = verdict === 'allow' ? allow : deny;
    return make(who, `${who} deletes a ${name} document`, (db) => deleteDoc(doc(db, target.path)), target.seed);
  };
  return [
    ...[periods, days, slots].map((name) => allow('visitor', `a visitor lists ${name}`, list(name))),

    allow('claimAdmin', 'the admin creates a period of dates', create(periods, period())),
    allow('configAdmin', 'the config/admin address creates a period', create(periods, period())),
    deny('visitor', 'a visitor cannot create a period', create(periods, period())),
    deny('claimAdmin', 'a period cannot carry notes', create(periods, period({ notes: 'x' }))),
    deny('claimAdmin', 'a period needs a real start date', create(periods, period({ startDate: '2031-01-00' }))),
    deny('claimAdmin', 'a period needs a real end date', create(periods, period({ endDate: '2031-13-01' }))),
    deny('claimAdmin', 'a period cannot end before it starts', create(periods, period({ endDate: '2030-12-01' }))),
    deny('claimAdmin', 'a period needs isAvailable as a boolean', create(periods, period({ isAvailable: 'yes' }))),
    deny('claimAdmin', 'a period needs createdAt from the server', create(periods, period({ createdAt: at }))),
    deny('claimAdmin', 'a period needs updatedAt from the server', create(periods, period({ updatedAt: at }))),
    del(periods, BASE_SEED['availabilityPeriods/a1'] ?? {}, 'claimAdmin', 'allow'),
    del(periods, BASE_SEED['availabilityPeriods/a1'] ?? {}, 'visitor', 'deny'),

    allow('claimAdmin', 'the admin creates an unavailable range', create(days, range())),
    deny('visitor', 'a visitor cannot create an unavailable range', create(days, range())),
    deny('claimAdmin', 'a range cannot carry a reason', create(days, range({ reason: 'x' }))),
    deny('claimAdmin', 'a range needs a real start date', create(days, range({ startDate: '2031-01-32' }))),
    deny('claimAdmin', 'a range needs a real end date', create(days, range({ endDate: '2031-02-31' }))),
    deny('claimAdmin', 'a range cannot end before it starts', create(days, range({ endDate: '2031-01-31' }))),
    deny('claimAdmin', 'a range needs createdAt from the server', create(days, range({ createdAt: at }))),
    del(days, BASE_SEED['unavailableDays/u1'] ?? {}, 'claimAdmin', 'allow'),
    del(days, BASE_SEED['unavailableDays/u1'] ?? {}, 'stranger', 'deny'),

    allow('claimAdmin', 'the admin creates a time slot', create(slots, slot())),
    deny('visitor', 'a visitor cannot create a time slot', create(slots, slot())),
    deny('claimAdmin', 'a slot cannot carry notes', create(slots, slot({ notes: 'x' }))),
    deny('claimAdmin', 'a slot needs a real date', create(slots, slot({ date: '2031-04-31' }))),
    deny('claimAdmin', 'a slot needs a start time', create(slots, slot({ startTime: '0900' }))),
    deny('claimAdmin', 'a slot needs an end time', create(slots, slot({ endTime: '24:00' }))),
    deny('claimAdmin', 'a slot cannot end before it starts', create(slots, slot({ startTime: '11:00' }))),
    deny('claimAdmin', 'a slot needs isAvailable as a boolean', create(slots, slot({ isAvailable: 1 }))),
    deny('claimAdmin', 'a slot needs createdAt from the server', create(slots, slot({ createdAt: at }))),
    del(slots, BASE_SEED['timeSlots/s1'] ?? {}, 'claimAdmin', 'allow'),
    del(slots, BASE_SEED['timeSlots/s1'] ?? {}, 'visitor', 'deny'),

    // Leap years, as shared/src/schemas isoDate decides them.
    allow('claimAdmin', 'a slot on 29 February of a leap year', create(slots, slot({ date: '2032-02-29' }))),
    allow('claimAdmin', 'a slot on 29 February 2000', create(slots, slot({ date: '2000-02-29' }))),
    deny('claimAdmin', 'no 29 February in 2031', create(slots, slot({ date: '2031-02-29' }))),
    deny('claimAdmin', 'no 29 February in 2100', create(slots, slot({ date: '2100-02-29' }))),
    allow('claimAdmin', 'a slot on 31 January', create(slots, slot({ date: '2031-01-31' }))),
    deny('claimAdmin', 'no 31 June', create(slots, slot({ date: '2031-06-31' }))),
  ];
}

function notesCases(): RulesCase[] {
  const notes = 'availabilityNotes';
  const note = own(`${notes}/timeSlots_del`, { text: 'x' });
  return [
    deny('visitor', 'a visitor cannot read a note', read(`${notes}/availabilityPeriods_a1`)),
    deny('visitor', 'a visitor cannot list the notes', list(notes)),
    deny('stranger', 'a stranger cannot read a note', read(`${notes}/availabilityPeriods_a1`)),
    allow('claimAdmin', 'the admin reads a note', read(`${notes}/availabilityPeriods_a1`)),
    allow('claimAdmin', 'the admin writes a note', setNew(`${notes}/timeSlots_`, { text: 'x' })),
    deny('visitor', 'a visitor cannot write a note', setNew(`${notes}/timeSlots_`, { text: 'x' })),
    deny('claimAdmin', 'a note is named after its entry', setNew(`${notes}/bookings_`, { text: 'x' })),
    deny('claimAdmin', 'a note holds text only', setNew(`${notes}/timeSlots_`, { text: 'x', extra: 1 })),
    deny('claimAdmin', 'a note has at most 500 characters', setNew(`${notes}/timeSlots_`, { text: 'x'.repeat(501) })),
    deny('claimAdmin', 'a note has no control characters', setNew(`${notes}/timeSlots_`, { text: 'bell\u0007' })),
    deny('claimAdmin', 'a note is a string', setNew(`${notes}/timeSlots_`, { text: 5 })),
    allow('claimAdmin', 'a note may span lines', setNew(`${notes}/timeSlots_`, { text: 'a\nb\n\tc' })),
    allow('claimAdmin', 'the admin deletes a note', (db) => deleteDoc(doc(db, note.path)), note.seed),
    deny('visitor', 'a visitor cannot delete a note', (db) => deleteDoc(doc(db, note.path)), note.seed),
  ];
}

function bookingCases(): RulesCase[] {
  const b = 'bookingRequests';
  const valid = { ...storedBooking, createdAt: serverTimestamp(), updatedAt: serverTimestamp() };
  const update = (who: Who, name: string, verdict: 'allow' | 'deny', change: DocumentData) => {
    const target = own(`${b}/upd`, storedBooking);
    return (verdict === 'allow' ? allow : deny)(
      who,
      name,
      (db) => updateDoc(doc(db, target.path), change),
      target.seed,
    );
  };
  return [
    // createBooking (functions) is the only way in: the rules refuse even a booking the schema would accept.
    deny('visitor', 'a visitor cannot create a booking directly, however valid', setNew(`${b}/`, valid)),
    // addDoc, the SDK's other way to create (an id of its choosing), is the same create to the rules.
    deny('visitor', "a visitor's addDoc to bookingRequests is refused", (db) => addDoc(collection(db, b), valid)),
    deny('claimAdmin', 'nor can the admin create one directly', setNew(`${b}/`, valid)),
    deny('visitor', 'a visitor cannot overwrite a stored booking', set(`${b}/b1`, valid)),
    deny('visitor', 'a visitor cannot read a booking', read(`${b}/b1`)),
    deny('visitor', 'a visitor cannot list bookings', list(b)),
    deny('stranger', 'a signed-in stranger cannot list bookings', list(b)),
    allow('claimAdmin', 'the admin lists bookings', list(b)),
    allow('configAdmin', 'the config/admin address reads a booking', read(`${b}/b1`)),
    update('claimAdmin', 'the admin updates the status with updatedAt', 'allow', {
      status: 'Contacted',
      updatedAt: serverTimestamp(),
    }),
    update('visitor', 'a visitor cannot update a status', 'deny', { status: 'Declined', updatedAt: serverTimestamp() }),
    update('claimAdmin', 'the admin changes no other field', 'deny', { name: 'Other', updatedAt: serverTimestamp() }),
    update('claimAdmin', 'nor the request hash createBooking keeps', 'deny', {
      requestHash: 'b'.repeat(64),
      updatedAt: serverTimestamp(),
    }),
    update('claimAdmin', 'no unknown status', 'deny', { status: 'Archived', updatedAt: serverTimestamp() }),
    update('claimAdmin', 'updatedAt comes from the server', 'deny', { status: 'Contacted', updatedAt: at }),
    (() => {
      const target = own(`${b}/del`, storedBooking);
      return deny('claimAdmin', 'nobody deletes a booking', (db) => deleteDoc(doc(db, target.path)), target.seed);
    })(),
    deny('visitor', 'a visitor cannot read the booking rate limits', read('bookingRateLimits/any-client')),
    deny('visitor', 'a visitor cannot read the SMS counters', read('smsCounters/global')),
    deny('claimAdmin', 'nor can the admin write them', set('smsCounters/global', { sentAt: [] })),
  ];
}

function settingsCases(): RulesCase[] {
  return [
    allow('claimAdmin', 'the admin reads settings/sms', read('settings/sms')),
    allow('claimAdmin', 'the admin writes settings/sms', set('settings/sms', smsSetting())),
    allow('claimAdmin', 'the admin clears the choice (null)', set('settings/sms', smsSetting({ smsEnabled: null }))),
    deny('visitor', 'a visitor cannot read settings/sms', read('settings/sms')),
    deny('visitor', 'a visitor cannot write settings/sms', set('settings/sms', smsSetting())),
    deny('claimAdmin', 'settings holds the sms document only', setNew('settings/', smsSetting())),
    deny('claimAdmin', 'settings/sms takes no other key', set('settings/sms', smsSetting({ phone: '+1' }))),
    deny('claimAdmin', 'smsEnabled is a boolean or null', set('settings/sms', smsSetting({ smsEnabled: 'on' }))),
    deny(
      'claimAdmin',
      'settings/sms updatedAt comes from the server',
      set('settings/sms', smsSetting({ updatedAt: at })),
    ),
  ];
}

export function rulesCases(): RulesCase[] {
  return [
    ...adminCases(),
    ...contentCases(),
    ...availabilityCases(),
    ...notesCases(),
    ...bookingCases(),
    ...settingsCases(),
    // Issue 19: contracts are the admin's alone; their signing links no client reads or writes.
    allow('claimAdmin', 'the admin reads a contract', read('contracts/c1')),
    allow('configAdmin', 'the config/admin owner reads a contract', read('contracts/c1')),
    deny('visitor', 'a visitor cannot read a contract', read('contracts/c1')),
    deny('stranger', 'a signed-in stranger cannot read a contract', read('contracts/c1')),
    deny('claimAdmin', 'no client writes a contract, not even the admin', set('contracts/c1', { status: 'signed' })),
    deny('visitor', 'a visitor cannot read a signing link', read('contractLinks/h1')),
    deny('claimAdmin', 'not even the admin reads a signing link', read('contractLinks/h1')),
    deny('visitor', 'nobody writes a signing link from a client', set('contractLinks/h1', { contractId: 'c2' })),
    deny('visitor', 'a visitor cannot read config/admin', read('config/admin')),
    deny('claimAdmin', 'nobody writes config/admin from a client', set('config/admin', { email: 'eve@example.com' })),
  ];
}

export function readRules(): string {
  return readFileSync(RULES_FILE, 'utf8');
}

/** One project on the emulator with its own rules, and a firestore/lite client per kind of caller. */
export interface RulesProject {
  projectId: string;
  db(who: Who | 'owner'): Db;
  cleanup(): Promise<void>;
}

/** Loads a ruleset into a project, as `firebase deploy` would; answers the emulator's status and message. */
export async function loadRules(projectId: string, rules: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } }),
  });
  return { status: response.status, body: await response.text() };
}

export async function rulesProject(projectId: string, rules: string): Promise<RulesProject> {
  const loaded = await loadRules(projectId, rules);
  if (loaded.status !== 200) throw new Error(`the rules did not load (${loaded.status}): ${loaded.body}`);
  const apps: FirebaseApp[] = [];
  const dbs = new Map<string, Db>();
  const [host = '', port = ''] = EMULATOR_HOST.split(':');
  return {
    projectId,
    db(who) {
      let db = dbs.get(who);
      if (!db) {
        const app = initializeApp({ projectId, apiKey: 'demo' }, `${projectId}-${who}`);
        apps.push(app);
        db = getFirestore(app);
        // 'owner' is the emulator's token for a caller the rules do not apply to (like the Admin SDK).
        const token = who === 'owner' ? 'owner' : TOKENS[who];
        connectFirestoreEmulator(db, host, Number(port), token ? { mockUserToken: token } : {});
        dbs.set(who, db);
      }
      return db;
    },
    async cleanup() {
      await Promise.all(apps.map((app) => deleteApp(app)));
      await fetch(`${EMULATOR}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
    },
  };
}

/** Clears the project and writes the base seed plus every case's own documents, with the rules off. */
export async function seed(project: RulesProject, cases: readonly RulesCase[]): Promise<void> {
  await fetch(`${EMULATOR}/emulator/v1/projects/${project.projectId}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  const db = project.db('owner');
  const docs = { ...BASE_SEED, ...Object.assign({}, ...cases.map((c) => c.seed ?? {})) };
  await Promise.all(Object.entries(docs).map(([p, data]) => setDoc(doc(db, p), data)));
}

/** The verdict the rules gave: allow, or deny (permission-denied). Any other failure is thrown. */
export async function verdictOf(project: RulesProject, c: RulesCase): Promise<'allow' | 'deny'> {
  try {
    await c.run(project.db(c.who));
    return 'allow';
  } catch (error) {
    if ((error as { code?: unknown }).code === 'permission-denied') return 'deny';
    throw error;
  }
}

const isShared = (c: RulesCase) => 'sharedDoc' in c.run;

/**
 * The cases whose verdict differs from their expectation. They run at most `parallel` at a time, and those that
 * write a shared document one by one after the others; with `firstOnly`, the run stops at the first difference.
 */
export async function unexpectedVerdicts(
  project: RulesProject,
  cases: readonly RulesCase[],
  { parallel = 8, firstOnly = false } = {},
): Promise<RulesCase[]> {
  const found: RulesCase[] = [];
  const done = () => firstOnly && found.length > 0;
  const check = async (c: RulesCase) => {
    if ((await verdictOf(project, c)) !== c.expect) found.push(c);
  };
  const own = cases.filter((c) => !isShared(c));
  let next = 0;
  const worker = async () => {
    for (let c = own[next++]; c && !done(); c = own[next++]) await check(c);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  for (const c of cases.filter(isShared)) if (!done()) await check(c);
  return found;
}
