// The storage contract suites of sessions, second factor, passkeys, outbox, mail queue, sign-in limits, SMS, contracts,
// deploys and quotes, run on the server's Firestore stores (the Admin SDK against the Firestore emulator). The same suites run
// on SQLite in server/test/storage-contract/sqlite-b.test.ts. Each case gets a Firestore of its own (a project id
// nobody else uses), so nothing is shared or cleared.
// This file tests the server's own stores, so it imports the server, which firebase/ code otherwise may not (the
// boundary in eslint.config.mjs predates the server running on Firebase).
import type { Firestore } from 'firebase-admin/firestore';
import { EMPTY_CONTRACT_DEAL } from '@studio/shared/domain/contract';
import { CHUNK_BYTES } from '../../../server/src/platform/firestore/binary-chunks';
import { createFirestoreContractsStore } from '../../../server/src/features/contracts/contracts.firestore';
import { createFirestoreDeploysStore } from '../../../server/src/features/deploys/deploys.firestore';
import { createFirestoreMailQueueStore } from '../../../server/src/features/messaging/mail-queue.firestore';
import { createFirestoreOutboxStore } from '../../../server/src/features/messaging/outbox.firestore';
import { createFirestorePasskeysStore } from '../../../server/src/features/auth/passkeys.firestore';
import { createFirestoreQuotesStore } from '../../../server/src/features/deal/quotes.firestore';
import { createFirestoreSecondFactorStore } from '../../../server/src/features/auth/second-factor.firestore';
import { createFirestoreSessionsStore } from '../../../server/src/features/auth/sessions.firestore';
import { createFirestoreSignInLimitsStore } from '../../../server/src/features/auth/sign-in-limits.firestore';
import { createFirestoreSmsLogStore } from '../../../server/src/features/messaging/sms-log.firestore';
import type { MakeStore } from '../../../server/test/storage-contract/contract-kit-b';
import { describeContractsStoreContract } from '../../../server/test/storage-contract/contracts-contract';
import { describeContractSignerContract } from '../../../server/test/storage-contract/contract-signer-contract';
import { createFirestoreBookingsStore } from '../../../server/src/features/bookings/bookings.firestore';
import { describeDeploysStoreContract } from '../../../server/test/storage-contract/deploys-contract';
import { describeMailQueueStoreContract } from '../../../server/test/storage-contract/mail-queue-contract';
import { describeOutboxStoreContract } from '../../../server/test/storage-contract/outbox-contract';
import { describePasskeysStoreContract } from '../../../server/test/storage-contract/passkeys-contract';
import { describeQuotesStoreContract } from '../../../server/test/storage-contract/quotes-contract';
import { describeSecondFactorStoreContract } from '../../../server/test/storage-contract/second-factor-contract';
import { describeSessionsStoreContract } from '../../../server/test/storage-contract/sessions-contract';
import { describeSignInLimitsStoreContract } from '../../../server/test/storage-contract/sign-in-limits-contract';
import { describeSmsLogStoreContract } from '../../../server/test/storage-contract/sms-log-contract';
import { describePaymentsStoreContract } from '../../../server/test/storage-contract/payments-contract';
import { createFirestorePaymentsStore } from '../../../server/src/features/deal/payments.firestore';
import { freshFirestore } from './storage-support';

const onFirestore =
  <S>(create: (db: Firestore) => S): MakeStore<S> =>
  async () => {
    const { db, close } = freshFirestore('store-b');
    return { store: create(db), close };
  };

describe('Firestore stores (emulator)', () => {
  describeSessionsStoreContract(onFirestore(createFirestoreSessionsStore));
  describeSecondFactorStoreContract(onFirestore(createFirestoreSecondFactorStore));
  describePasskeysStoreContract(onFirestore(createFirestorePasskeysStore));
  describeOutboxStoreContract(onFirestore(createFirestoreOutboxStore));
  describeMailQueueStoreContract(onFirestore(createFirestoreMailQueueStore));
  describeSignInLimitsStoreContract(onFirestore(createFirestoreSignInLimitsStore));
  describeSmsLogStoreContract(onFirestore(createFirestoreSmsLogStore));
  describeContractsStoreContract(onFirestore(createFirestoreContractsStore));
  describeDeploysStoreContract(onFirestore(createFirestoreDeploysStore));
  describePaymentsStoreContract(onFirestore(createFirestorePaymentsStore));
  // Bookings and contracts of one Firestore: sign() reads the booking's status in its own transaction.
  describeContractSignerContract(
    onFirestore((db) => ({ bookings: createFirestoreBookingsStore(db), contracts: createFirestoreContractsStore(db) })),
  );
  describeQuotesStoreContract(onFirestore(createFirestoreQuotesStore));
});

// What only the Firestore side can show: what its documents hold.
describe('Firestore stores: what the documents hold', () => {
  it('keeps a sign-in limit under the hash of what it counts, never the address or e-mail', async () => {
    const { db, close } = freshFirestore('store-b');
    try {
      await createFirestoreSignInLimitsStore(db).hit('ip+email:203.0.113.5|admin@example.com', 60_000, Date.now());
      const docs = (await db.collection('signInLimits').get()).docs;
      expect(docs).toHaveLength(1);
      const stored = JSON.stringify(docs.map((d) => [d.id, d.data()]));
      expect(stored).not.toContain('203.0.113.5');
      expect(stored).not.toContain('admin@example.com');
    } finally {
      await close();
    }
  });

  it('keeps a signed PDF larger than a document may be in chunk documents within the 1 MiB limit', async () => {
    const { db, close } = freshFirestore('store-b');
    try {
      const store = createFirestoreContractsStore(db);
      const event = { actor: 'ava@example.com', ip: '127.0.0.1', userAgent: 'jest' };
      const form = {
        clientName: 'Jane',
        modelName: 'Ava',
        effectiveDate: '2026-12-01',
        serviceType: 'Photoshoot',
        timeline: '2',
        governingLaw: 'New York',
      };
      const contract = await store.create(
        'booking-1',
        { form, deal: EMPTY_CONTRACT_DEAL, paperSize: 'a4' },
        '2026-11-21T10:00:00.000Z',
        { ...event, type: 'created' },
      );
      await store.send(contract.id, 'a'.repeat(64), '2026-12-05T10:00:00.000Z', '2026-11-21T10:01:00.000Z', {
        ...event,
        type: 'sent',
      });
      const pdf = Buffer.alloc(2_000_000, 7);
      await store.sign(
        contract.id,
        { signerName: 'Jane', documentHash: 'b'.repeat(64), pdf, pdfHash: 'c'.repeat(64) },
        '2026-11-21T10:02:00.000Z',
        { ...event, type: 'signed' },
      );
      const chunks = (await db.collection('contracts').doc(contract.id).collection('chunks').get()).docs;
      const sizes = chunks.map((d) => (d.get('data') as Buffer).length);
      expect(sizes).toEqual([CHUNK_BYTES, CHUNK_BYTES, 2_000_000 - 2 * CHUNK_BYTES]);
      expect(CHUNK_BYTES).toBeLessThan(1024 * 1024 - 100_000);
    } finally {
      await close();
    }
  });

  it('writes a mail without a shared counter document, and its old-scheme documents still list below the new ones', async () => {
    const { db, close } = freshFirestore('store-b');
    try {
      // A message and a mail kept by the version that counted ids up in outboxMeta/mailQueueMeta.
      const oldMessage = { channel: 'mail', recipient: 'old@example.com', subject: 'Old', body: 'old' };
      await db
        .collection('outbox')
        .doc('000000000007')
        .create({
          id: 7,
          ...oldMessage,
          createdAt: '2026-11-01T10:00:00.000Z',
          liveTokenHashes: [],
          liveLinkSince: null,
        });
      await db.collection('outboxMeta').doc('sequence').set({ last: 7 });
      const oldMail = {
        id: 3,
        recipient: 'old@example.com',
        subject: 'old',
        payload: '{}',
        attempts: 1,
        firstFailedAt: '2026-11-01T10:00:00.000Z',
        nextAttemptAt: '2026-11-01T10:01:00.000Z',
        lastError: 'refused',
        waiting: true,
        givenUpAt: null,
      };
      await db.collection('mailQueue').doc('000000000003').create(oldMail);

      const outbox = createFirestoreOutboxStore(db);
      const queue = createFirestoreMailQueueStore(db);
      const id = await outbox.add(
        { channel: 'mail', recipient: 'new@example.com', subject: 'New', body: 'new' },
        '2026-11-02T10:00:00.000Z',
      );
      expect(id).toBeGreaterThan(7);
      expect((await outbox.list(10)).map((m) => m.id)).toEqual([id, 7]);
      expect((await db.collection('outboxMeta').doc('sequence').get()).data()).toEqual({ last: 7 });
      const queued = await queue.enqueue(oldMail, '2026-11-02T10:00:00.000Z', oldMail.nextAttemptAt);
      expect((await queue.due('2026-11-02T10:00:00.000Z', 10)).map((m) => m.id)).toEqual([3, queued]);
      expect((await db.collection('mailQueueMeta').get()).size).toBe(0);
    } finally {
      await close();
    }
  });

  it('gives a mail the next id when another instance took the same one in the same millisecond', async () => {
    const { db, close } = freshFirestore('store-b');
    try {
      // Two instances whose clocks and random starts agree: the second one's first id is taken.
      const sameIds = () => {
        const given = [1_800_000_000_000_000, 1_800_000_000_000_001];
        return () => given.shift() ?? 0;
      };
      const first = createFirestoreOutboxStore(db, sameIds());
      const second = createFirestoreOutboxStore(db, sameIds());
      const mail = (to: string) => ({ channel: 'mail' as const, recipient: to, subject: 's', body: 'b' });
      expect(await first.add(mail('a@example.com'), '2026-11-02T10:00:00.000Z')).toBe(1_800_000_000_000_000);
      expect(await second.add(mail('b@example.com'), '2026-11-02T10:00:00.000Z')).toBe(1_800_000_000_000_001);
      expect((await first.list(10)).map((m) => m.recipient)).toEqual(['b@example.com', 'a@example.com']);

      const queueA = createFirestoreMailQueueStore(db, sameIds());
      const queueB = createFirestoreMailQueueStore(db, sameIds());
      const queued = { recipient: 'c@example.com', subject: 's', payload: '{}', lastError: 'refused' };
      const at = '2026-11-02T10:00:00.000Z';
      expect(await queueA.enqueue(queued, at, at)).toBe(1_800_000_000_000_000);
      expect(await queueB.enqueue(queued, at, at)).toBe(1_800_000_000_000_001);
      expect((await queueA.status(at)).waiting).toBe(2);
    } finally {
      await close();
    }
  });
});
