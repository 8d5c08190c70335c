// The BookingsStore contract (bookings-contract.ts): its keyset pages, counts and status.
import type { BookingRequest } from '@studio/shared/domain';
import { InvalidCursorError, type BookingsStore } from '../../src/features/bookings/bookings-store';
import { newBooking, storeBooking } from './bookings-contract-support';

/** The cases of `page`, on the store `current` answers (a fresh one for each case). */
export function describePageCases(current: () => BookingsStore): void {
  describe('page', () => {
    let store: BookingsStore;
    beforeEach(() => {
      store = current();
    });
    it('lists newest first, the later stored first within one millisecond, in keyset pages', async () => {
      const same = '2026-03-01T00:00:00.000Z';
      const stored: BookingRequest[] = [];
      for (const createdAt of ['2026-02-01T00:00:00.000Z', same, same, same, '2026-04-01T00:00:00.000Z']) {
        stored.push(await storeBooking(store, newBooking({ createdAt, updatedAt: createdAt })));
      }
      const expected = [stored[4], stored[3], stored[2], stored[1], stored[0]].map((b) => b?.id);
      const ids: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await store.page({ limit: 2, ...(cursor === undefined ? {} : { cursor }) });
        pages += 1;
        ids.push(...page.items.map((b) => b.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      expect(ids).toEqual(expected);
      expect(pages).toBe(3);
    });

    it('answers whole requests, and null as the last page cursor when the rows end exactly on the page', async () => {
      const a = await storeBooking(store, newBooking());
      const b = await storeBooking(store, newBooking());
      const page = await store.page({ limit: 2 });
      expect(page.items).toEqual([b, a]);
      expect(page.nextCursor).toBeNull();
      expect(await store.page()).toEqual({ items: [b, a], nextCursor: null });
    });

    it('keeps a row on one page when a request is created between two pages', async () => {
      const old = [];
      for (let i = 0; i < 4; i += 1) old.push(await storeBooking(store, newBooking()));
      const first = await store.page({ limit: 2 });
      await storeBooking(store, newBooking());
      const second = await store.page({ limit: 2, cursor: first.nextCursor as string });
      expect([...first.items, ...second.items].map((b) => b.id)).toEqual(old.reverse().map((b) => b.id));
      expect(second.nextCursor).toBeNull();
    });

    it('filters by status', async () => {
      const a = await storeBooking(store, newBooking());
      const b = await storeBooking(store, newBooking());
      const c = await storeBooking(store, newBooking());
      await store.updateStatus(a.id, 'Contacted', a.createdAt);
      await store.updateStatus(c.id, 'Contacted', c.createdAt);
      const contacted = await store.page({ status: 'Contacted', limit: 1 });
      expect(contacted.items.map((x) => x.id)).toEqual([c.id]);
      const rest = await store.page({ status: 'Contacted', limit: 1, cursor: contacted.nextCursor as string });
      expect(rest).toEqual({ items: [{ ...a, status: 'Contacted' }], nextCursor: null });
      expect((await store.page({ status: 'New' })).items.map((x) => x.id)).toEqual([b.id]);
      expect(await store.page({ status: 'Declined' })).toEqual({ items: [], nextCursor: null });
    });

    it('searches names and e-mails (ASCII case-insensitive) and the start of the reference', async () => {
      const ana = await storeBooking(store, newBooking({ name: 'Ana Lima', email: 'ana@example.com' }));
      const bo = await storeBooking(store, newBooking({ name: 'Bo Chen', email: 'LIMA.fan@Example.org' }));
      const emile = await storeBooking(store, newBooking({ name: 'Émile Roux', email: 'er@example.net' }));
      const search = async (q: string) => (await store.page({ q })).items.map((b) => b.id);
      expect(await search('  LIMA ')).toEqual([bo.id, ana.id]);
      expect(await search('example.org')).toEqual([bo.id]);
      expect(await search('roux')).toEqual([emile.id]);
      // Only ASCII letters are folded (SQLite's lower()): 'É' in a name is not 'é'.
      expect(await search('émile')).toEqual([]);
      const reference = emile.id.replaceAll('-', '').slice(0, 10);
      expect(await search(reference.toUpperCase())).toEqual([emile.id]);
      // The reference matches from its start only.
      expect(await search(emile.id.replaceAll('-', '').slice(3, 12))).toEqual([]);
      expect(await search('   ')).toEqual([emile.id, bo.id, ana.id]);
    });

    it('pages a search, finding matches among many requests that do not match', async () => {
      const match = (n: number) => newBooking({ name: `Needle ${n}` });
      const wanted: BookingRequest[] = [];
      wanted.push(await storeBooking(store, match(1)));
      for (let i = 0; i < 230; i += 1) await storeBooking(store, newBooking());
      wanted.push(await storeBooking(store, match(2)));
      wanted.push(await storeBooking(store, match(3)));
      for (let i = 0; i < 5; i += 1) await storeBooking(store, newBooking());
      const first = await store.page({ q: 'needle', limit: 2 });
      expect(first.items.map((b) => b.name)).toEqual(['Needle 3', 'Needle 2']);
      const second = await store.page({ q: 'needle', limit: 2, cursor: first.nextCursor as string });
      expect(second).toEqual({ items: [wanted[0]], nextCursor: null });
      expect((await store.page({ q: 'needle', status: 'Declined' })).items).toEqual([]);
    }, 120_000);

    it('refuses a cursor it did not make', async () => {
      await storeBooking(store, newBooking());
      for (const cursor of ['not a cursor', '', Buffer.from('{"a":1}').toString('base64url'), 'W10']) {
        await expect(store.page({ cursor })).rejects.toBeInstanceOf(InvalidCursorError);
      }
    });
  });
}

/** The cases of `counts and status`, on the store `current` answers (a fresh one for each case). */
export function describeCountCases(current: () => BookingsStore): void {
  describe('counts and status', () => {
    let store: BookingsStore;
    beforeEach(() => {
      store = current();
    });
    it('summary counts the New requests; count every request', async () => {
      const a = await storeBooking(store, newBooking());
      await storeBooking(store, newBooking());
      await storeBooking(store, newBooking());
      await store.updateStatus(a.id, 'Declined', a.createdAt);
      expect(await store.summary()).toEqual({ new: 2 });
      expect(await store.count()).toBe(3);
    });

    it('updateStatus sets the status and updatedAt and answers the row; null for no such id', async () => {
      const a = await storeBooking(store, newBooking());
      const at = '2026-06-01T10:00:00.000Z';
      const changed = await store.updateStatus(a.id, 'Contacted', at);
      expect(changed).toEqual({ ...a, status: 'Contacted', updatedAt: at });
      expect(await store.get(a.id)).toEqual(changed);
      expect(await store.updateStatus('00000000-0000-4000-8000-000000000000', 'Contacted', at)).toBeNull();
      expect(await store.get('no/such..id')).toBeNull();
    });

    it('counts calendar invites per request', async () => {
      const a = await storeBooking(store, newBooking());
      expect(await store.inviteSequence(a.id)).toBe(0);
      expect(await store.nextInviteSequence(a.id)).toBe(1);
      expect(await store.nextInviteSequence(a.id)).toBe(2);
      expect(await store.inviteSequence(a.id)).toBe(2);
      expect(await store.nextInviteSequence('00000000-0000-4000-8000-000000000000')).toBe(0);
      expect(await store.inviteSequence('00000000-0000-4000-8000-000000000000')).toBe(0);
      const counted = await Promise.all([1, 2, 3].map(() => store.nextInviteSequence(a.id)));
      expect(counted.sort()).toEqual([3, 4, 5]);
    });

    it('finds a request by its manage-token hash', async () => {
      const a = await storeBooking(store, newBooking(), { manageTokenHash: 'hash-a' });
      await storeBooking(store, newBooking(), { manageTokenHash: 'hash-b' });
      expect(await store.findByManageTokenHash('hash-a')).toEqual(a);
      expect(await store.findByManageTokenHash('hash-z')).toBeNull();
    });
  });
}
