// firestore.rules and storage.rules against the emulators, one block per row of docs/architecture.md's rules table. Every rule
// has a case that must succeed (fails if the allow is removed or narrowed) and one that must fail (fails if the
// rule is loosened). Run by `npm run test:firebase` (needs Java 21 and the Firebase emulators; not in `npm test`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
} from 'firebase/firestore';
import { getBytes, ref, uploadString } from 'firebase/storage';

const OWNER_EMAIL = 'owner@studio.test';
let env: RulesTestEnvironment;

const visitor = () => env.unauthenticatedContext();
const claimAdmin = () =>
  env.authenticatedContext('claim-admin', { email: 'claim@studio.test', email_verified: true, admin: true });
const configAdmin = () => env.authenticatedContext('owner', { email: OWNER_EMAIL, email_verified: true });
const unverifiedOwner = () =>
  env.authenticatedContext('owner-unverified', { email: OWNER_EMAIL, email_verified: false });
const stranger = () => env.authenticatedContext('eve', { email: 'eve@example.com', email_verified: true });
const db = (ctx: RulesTestContext) => ctx.firestore();

const booking = (over: Record<string, unknown> = {}) => ({
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
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
  ...over,
});

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: 'demo-studio',
    firestore: { rules: readFileSync(path.join(__dirname, '..', 'firestore.rules'), 'utf8') },
    storage: { rules: readFileSync(path.join(__dirname, '..', 'storage.rules'), 'utf8') },
  });
});
afterAll(() => env.cleanup());

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const d = ctx.firestore();
    await setDoc(doc(d, 'config/admin'), { email: OWNER_EMAIL });
    await setDoc(doc(d, 'services/usergeneratedcontent'), { displayName: 'User-Generated Content', tiers: [] });
    await setDoc(doc(d, 'portfolioMeta/main'), { PRINT_CONCEPTS: [] });
    await setDoc(doc(d, 'projects/p1'), { title: 'P' });
    await setDoc(doc(d, 'galleries/p1'), { images: [], videos: [] });
    await setDoc(doc(d, 'availabilityPeriods/a1'), {
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      isAvailable: true,
    });
    await setDoc(doc(d, 'availabilityNotes/availabilityPeriods_a1'), { text: 'Private' });
    await setDoc(doc(d, 'bookingRequests/b1'), {
      ...booking(),
      createdAt: Timestamp.now(),
      updatedAt: Timestamp.now(),
    });
    await setDoc(doc(d, 'settings/sms'), { smsEnabled: false });
  });
});

describe('who is the admin', () => {
  it('the custom claim admin == true', async () => {
    await assertSucceeds(getDoc(doc(db(claimAdmin()), 'settings/sms')));
  });
  it('the address in config/admin with a verified e-mail', async () => {
    await assertSucceeds(getDoc(doc(db(configAdmin()), 'settings/sms')));
  });
  it('not the same address unverified, nor any other signed-in user', async () => {
    await assertFails(getDoc(doc(db(unverifiedOwner()), 'settings/sms')));
    await assertFails(getDoc(doc(db(stranger()), 'settings/sms')));
    await assertFails(getDoc(doc(db(env.authenticatedContext('x', { admin: false })), 'settings/sms')));
  });
});

describe.each(['services/usergeneratedcontent', 'portfolioMeta/main', 'projects/p1', 'galleries/p1'])(
  'content %s: visitors read, the admin writes',
  (docPath) => {
    it('a visitor reads it', async () => {
      await assertSucceeds(getDoc(doc(db(visitor()), docPath)));
    });
    it('a visitor or a signed-in stranger cannot write it', async () => {
      await assertFails(setDoc(doc(db(visitor()), docPath), { x: 1 }, { merge: true }));
      await assertFails(setDoc(doc(db(stranger()), docPath), { x: 1 }, { merge: true }));
    });
    it('the admin writes it', async () => {
      await assertSucceeds(setDoc(doc(db(claimAdmin()), docPath), { x: 1 }, { merge: true }));
    });
  },
);

describe('availability: visitors read dates and times; the admin writes and deletes; notes apart', () => {
  const period = {
    startDate: '2031-01-01',
    endDate: '2031-01-31',
    isAvailable: true,
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  };
  const range = { startDate: '2031-02-01', endDate: '2031-02-02', createdAt: serverTimestamp() };
  const slot = {
    date: '2031-03-01',
    startTime: '09:00',
    endTime: '10:00',
    isAvailable: true,
    createdAt: serverTimestamp(),
  };

  it('a visitor lists all three collections', async () => {
    for (const name of ['availabilityPeriods', 'unavailableDays', 'timeSlots']) {
      await assertSucceeds(getDocs(collection(db(visitor()), name)));
    }
  });
  it('the admin creates a period, a range and a slot of dates and times', async () => {
    await assertSucceeds(setDoc(doc(db(claimAdmin()), 'availabilityPeriods/n1'), period));
    await assertSucceeds(setDoc(doc(db(claimAdmin()), 'unavailableDays/n1'), range));
    await assertSucceeds(setDoc(doc(db(claimAdmin()), 'timeSlots/n1'), slot));
  });
  it('a visitor creates none of them', async () => {
    await assertFails(setDoc(doc(db(visitor()), 'availabilityPeriods/n1'), period));
    await assertFails(setDoc(doc(db(visitor()), 'unavailableDays/n1'), range));
    await assertFails(setDoc(doc(db(visitor()), 'timeSlots/n1'), slot));
  });
  it('no note or reason can enter a public document, and the shapes are checked', async () => {
    await assertFails(setDoc(doc(db(claimAdmin()), 'availabilityPeriods/n2'), { ...period, notes: 'x' }));
    await assertFails(setDoc(doc(db(claimAdmin()), 'unavailableDays/n2'), { ...range, reason: 'x' }));
    await assertFails(setDoc(doc(db(claimAdmin()), 'timeSlots/n2'), { ...slot, notes: 'x' }));
    await assertFails(setDoc(doc(db(claimAdmin()), 'availabilityPeriods/n3'), { ...period, endDate: '2030-12-01' }));
    await assertFails(setDoc(doc(db(claimAdmin()), 'timeSlots/n3'), { ...slot, startTime: '11:00' }));
  });
  it('the admin deletes; a visitor cannot', async () => {
    await assertFails(deleteDoc(doc(db(visitor()), 'availabilityPeriods/a1')));
    await assertSucceeds(deleteDoc(doc(db(claimAdmin()), 'availabilityPeriods/a1')));
  });
  it('notes and reasons: only the admin reads and writes them', async () => {
    await assertFails(getDoc(doc(db(visitor()), 'availabilityNotes/availabilityPeriods_a1')));
    await assertFails(getDocs(collection(db(visitor()), 'availabilityNotes')));
    await assertFails(setDoc(doc(db(visitor()), 'availabilityNotes/timeSlots_x'), { text: 'x' }));
    await assertSucceeds(getDoc(doc(db(claimAdmin()), 'availabilityNotes/availabilityPeriods_a1')));
    await assertSucceeds(setDoc(doc(db(claimAdmin()), 'availabilityNotes/timeSlots_x'), { text: 'x' }));
    await assertFails(setDoc(doc(db(claimAdmin()), 'availabilityNotes/timeSlots_y'), { text: 'x', extra: 1 }));
  });
});

describe('booking requests: visitors create only, validated; the admin reads and updates the status', () => {
  it('a visitor creates a valid booking with status New and server timestamps', async () => {
    await assertSucceeds(setDoc(doc(db(visitor()), 'bookingRequests/key-1'), booking()));
  });
  it('refuses an unknown key, a missing key, another status, client timestamps and oversize fields', async () => {
    const v = db(visitor());
    await assertFails(setDoc(doc(v, 'bookingRequests/k2'), booking({ isVip: true })));
    const { phone: _phone, ...withoutPhone } = booking();
    await assertFails(setDoc(doc(v, 'bookingRequests/k3'), withoutPhone));
    await assertFails(setDoc(doc(v, 'bookingRequests/k4'), booking({ status: 'Confirmed' })));
    await assertFails(setDoc(doc(v, 'bookingRequests/k5'), booking({ createdAt: Timestamp.fromMillis(0) })));
    await assertFails(setDoc(doc(v, 'bookingRequests/k6'), booking({ updatedAt: Timestamp.fromMillis(0) })));
    await assertFails(setDoc(doc(v, 'bookingRequests/k7'), booking({ name: 'x'.repeat(101) })));
    await assertFails(setDoc(doc(v, 'bookingRequests/k8'), booking({ description: 'x'.repeat(2001) })));
    await assertFails(setDoc(doc(v, 'bookingRequests/k9'), booking({ email: 'not-an-email' })));
    await assertFails(setDoc(doc(v, 'bookingRequests/k10'), booking({ phone: '555-1234' })));
    await assertFails(setDoc(doc(v, 'bookingRequests/k11'), booking({ serviceId: 'no-such-service' })));
    await assertFails(setDoc(doc(v, 'bookingRequests/k12'), booking({ date: '2030-13-01' })));
    await assertFails(setDoc(doc(v, 'bookingRequests/k13'), booking({ smsOptIn: 'yes' })));
    await assertFails(setDoc(doc(v, 'bookingRequests/k14'), booking({ paymentSchedule: 'Free' })));
    await assertFails(setDoc(doc(v, 'bookingRequests/k15'), booking({ name: '   ' })));
    await assertFails(setDoc(doc(v, 'bookingRequests/k16'), booking({ location: 'a\nb\nc' })));
    await assertFails(setDoc(doc(v, 'bookingRequests/k17'), booking({ description: 'bell\u0007' })));
  });
  it('a description may span lines (newlines and tabs are not control characters there)', async () => {
    await assertSucceeds(
      setDoc(doc(db(visitor()), 'bookingRequests/multi-line'), booking({ description: 'one\ntwo\n\tthree' })),
    );
  });
  it('a retry with the same key cannot overwrite the stored booking', async () => {
    await assertFails(setDoc(doc(db(visitor()), 'bookingRequests/b1'), booking()));
  });
  it('visitors never read bookings, one or a list', async () => {
    await assertFails(getDoc(doc(db(visitor()), 'bookingRequests/b1')));
    await assertFails(getDocs(collection(db(visitor()), 'bookingRequests')));
    await assertFails(getDocs(collection(db(stranger()), 'bookingRequests')));
  });
  it('the admin lists bookings and updates the status with updatedAt', async () => {
    await assertSucceeds(getDocs(collection(db(claimAdmin()), 'bookingRequests')));
    await assertSucceeds(
      updateDoc(doc(db(claimAdmin()), 'bookingRequests/b1'), { status: 'Contacted', updatedAt: serverTimestamp() }),
    );
  });
  it('the admin changes nothing else, no unknown status, and deletes nothing', async () => {
    const a = db(claimAdmin());
    await assertFails(updateDoc(doc(a, 'bookingRequests/b1'), { name: 'Other', updatedAt: serverTimestamp() }));
    await assertFails(updateDoc(doc(a, 'bookingRequests/b1'), { status: 'Archived', updatedAt: serverTimestamp() }));
    await assertFails(
      updateDoc(doc(a, 'bookingRequests/b1'), { status: 'Contacted', updatedAt: Timestamp.fromMillis(0) }),
    );
    await assertFails(deleteDoc(doc(a, 'bookingRequests/b1')));
    await assertFails(
      updateDoc(doc(db(visitor()), 'bookingRequests/b1'), { status: 'Declined', updatedAt: serverTimestamp() }),
    );
  });
});

describe('settings (the SMS flag): the admin only', () => {
  it('the admin reads and writes settings/sms', async () => {
    await assertSucceeds(getDoc(doc(db(claimAdmin()), 'settings/sms')));
    await assertSucceeds(
      setDoc(doc(db(claimAdmin()), 'settings/sms'), { smsEnabled: null, updatedAt: serverTimestamp() }),
    );
  });
  it('a visitor neither reads nor writes it; unknown keys are refused', async () => {
    await assertFails(getDoc(doc(db(visitor()), 'settings/sms')));
    await assertFails(setDoc(doc(db(visitor()), 'settings/sms'), { smsEnabled: true }));
    await assertFails(setDoc(doc(db(claimAdmin()), 'settings/sms'), { smsEnabled: true, phone: '+1' }));
  });
});

describe('storage: the portfolio content JSON', () => {
  it('anyone reads it; only the admin writes it', async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await uploadString(ref(ctx.storage(), 'portfolio/content.json'), '{}', 'raw', {
        contentType: 'application/json',
      });
    });
    await assertSucceeds(getBytes(ref(visitor().storage(), 'portfolio/content.json')));
    await assertFails(
      uploadString(ref(visitor().storage(), 'portfolio/content.json'), '{}', 'raw', {
        contentType: 'application/json',
      }),
    );
    await assertSucceeds(
      uploadString(ref(claimAdmin().storage(), 'portfolio/content.json'), '{}', 'raw', {
        contentType: 'application/json',
      }),
    );
  });
});
