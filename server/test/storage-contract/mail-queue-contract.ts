// The MailQueueStore contract (server/src/features/messaging/mail-queue-store.ts): mail the SMTP server refused, kept
// to send again (features/messaging/mail-queue.ts). Run on SQLite (sqlite-b.test.ts) and on Firestore
// (firebase/test/emulator/storage-b.test.ts); each case gets an empty store of its own from `make`.
import type { MailQueueStore } from '../../src/features/messaging/mail-queue-store';
import { together, type MakeStore } from './contract-kit-b';

const T0 = '2026-11-27T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const mail = (subject: string) => ({
  recipient: 'ava@ava-monroe.com',
  subject,
  payload: JSON.stringify({ to: 'ava@ava-monroe.com', subject, text: 'Hello' }),
  lastError: 'ESOCKET connect ECONNREFUSED',
});

export function describeMailQueueStoreContract(make: MakeStore<MailQueueStore>): void {
  describe('MailQueueStore contract', () => {
    let store: MailQueueStore;
    let close: () => Promise<void>;
    beforeEach(async () => {
      ({ store, close } = await make());
    });
    afterEach(() => close());

    it('keeps a refused mail whole and answers it once it is due, oldest due first', async () => {
      expect(await store.status(T0)).toEqual({ waiting: 0, givenUp: 0, lastError: null });
      const first = await store.enqueue(mail('first'), T0, at(2));
      const second = await store.enqueue(mail('second'), T0, at(1));
      expect(second).toBeGreaterThan(first);
      expect(await store.due(at(0), 10)).toEqual([]);
      expect((await store.due(at(1), 10)).map((m) => m.subject)).toEqual(['second']);
      const due = await store.due(at(5), 10);
      expect(due.map((m) => m.subject)).toEqual(['second', 'first']);
      expect(due[1]).toEqual({ id: first, ...mail('first'), attempts: 1, firstFailedAt: T0, nextAttemptAt: at(2) });
      expect(await store.due(at(5), 1)).toHaveLength(1);
      expect(await store.status(T0)).toEqual({ waiting: 2, givenUp: 0, lastError: 'ESOCKET connect ECONNREFUSED' });
    });

    it('keeps all of 40 mails refused at once, none lost, each under its own id, due in the order of their ids', async () => {
      const ids = await together(40, (i) => store.enqueue(mail(`m${i}`), T0, at(1)));
      expect(new Set(ids).size).toBe(40);
      const due = await store.due(at(1), 100);
      expect(due).toHaveLength(40);
      // Due at the same time, they come in the order of their ids; each id names the mail it was given for.
      expect(due.map((m) => m.id)).toEqual([...ids].sort((a, b) => a - b));
      for (const [i, id] of ids.entries()) expect(due.find((m) => m.id === id)?.subject).toBe(`m${i}`);
      expect((await store.status(T0)).waiting).toBe(40);
      // One kept after the burst has settled comes after every one of it.
      const after = await store.enqueue(mail('after'), T0, at(1));
      expect(after).toBeGreaterThan(Math.max(...ids));
      expect((await store.due(at(1), 100)).at(-1)?.id).toBe(after);
    });

    it('counts each refusal and waits; forgets a delivered mail', async () => {
      const id = await store.enqueue(mail('again'), T0, at(1));
      await store.retryLater(id, at(3), '421 try later');
      expect(await store.due(at(2), 10)).toEqual([]);
      const [again] = await store.due(at(3), 10);
      expect(again).toMatchObject({ id, attempts: 2, nextAttemptAt: at(3), lastError: '421 try later' });
      expect((await store.status(T0)).lastError).toBe('421 try later');
      await store.delivered(id);
      expect(await store.due(at(100), 10)).toEqual([]);
      expect(await store.status(T0)).toEqual({ waiting: 0, givenUp: 0, lastError: null });
    });

    it('a mail given up on is never due again, counts as given up since then, and is purged later', async () => {
      const id = await store.enqueue(mail('lost'), T0, at(1));
      await store.giveUp(id, at(1440), '550 no such user');
      expect(await store.due(at(5000), 10)).toEqual([]);
      expect(await store.status(at(1439))).toEqual({ waiting: 0, givenUp: 1, lastError: '550 no such user' });
      expect(await store.status(at(1441))).toEqual({ waiting: 0, givenUp: 0, lastError: null });
      // Given up on once: a second giveUp or retryLater changes nothing.
      await store.retryLater(id, at(2000), 'late');
      expect(await store.due(at(5000), 10)).toEqual([]);
      expect(await store.purgeGivenUpBefore(at(1440))).toBe(0);
      expect(await store.purgeGivenUpBefore(at(1441))).toBe(1);
      expect(await store.status(at(0))).toEqual({ waiting: 0, givenUp: 0, lastError: null });
    });

    it('a due mail is taken once however many claim it at once, and is due again when the claim runs out', async () => {
      const id = await store.enqueue(mail('claimed'), T0, at(1));
      expect(await store.claim(id, at(0), at(10))).toBe(false);
      const taken = await together(10, () => store.claim(id, at(1), at(10)));
      expect(taken.filter(Boolean)).toHaveLength(1);
      expect(await store.due(at(9), 10)).toEqual([]);
      expect((await store.due(at(10), 10)).map((m) => m.id)).toEqual([id]);
      await store.delivered(id);
      expect(await store.claim(id, at(20), at(30))).toBe(false);
    });
  });
}
