// The backend contract: her side of the bookings: the list a page at a time, the search, status changes and their
// undo, the live stream of bookings and availability, and her SMS choice.
import type { AdminAvailability } from '../../domain/availability-types';
import type { BookingChange } from '../../domain/booking-types';
import { RESCHEDULE_NOTHING_TO_ACCEPT, UNDO_TOO_LATE } from '../../refusal-messages';
import type { Backend } from '../port';
import { contractBooking } from './contract-seed';
import { liveFeed, liveValue, rejection, type ContractScope, type ContractSubject } from './contract-support';

/** Her booking list, status changes and live updates, none of them open to a visitor. */
export function describeAdminBookings({ seed, current, live }: ContractScope): void {
  describe('her bookings', () => {
    let backend: Backend;
    let subject: ContractSubject;
    beforeEach(() => {
      ({ backend, subject } = current());
    });

    // Live updates come with the admin routes (the server's event stream is one of them).
    live(() =>
      it('gives a visitor neither the booking list nor live bookings', async () => {
        const subscription = liveValue<BookingChange>(backend.bookings.subscribe, () => true);
        const error = await rejection(subscription.value);
        subscription.stop();
        expect(['unauthenticated', 'forbidden']).toContain(error.code);
        expect(['unauthenticated', 'forbidden']).toContain((await rejection(backend.bookings.list())).code);
      }),
    );

    it('lists bookings newest first, a page at a time, with a status filter', async () => {
      const made: string[] = [];
      for (const name of ['Ann Lee', 'Bea Cruz', 'Cal Diaz']) {
        made.push((await backend.bookings.create(contractBooking(seed, { name }), `contract-page-${made.length}`)).id);
      }
      await subject.signInAsAdmin();
      const first = await backend.bookings.list({ limit: 2 });
      expect(first.items.map((b) => b.id)).toEqual([made[2], made[1]]);
      expect(first.nextCursor).not.toBeNull();
      const rest = await backend.bookings.list({ limit: 2, cursor: first.nextCursor ?? '' });
      expect(rest).toEqual({ items: [expect.objectContaining({ id: made[0], name: 'Ann Lee' })], nextCursor: null });

      await backend.bookings.updateStatus(made[1] ?? '', 'Confirmed');
      expect((await backend.bookings.list({ status: 'Confirmed' })).items.map((b) => b.id)).toEqual([made[1]]);
      expect((await backend.bookings.list({ status: 'New' })).items.map((b) => b.id)).toEqual([made[2], made[0]]);
    });

    it('finds requests by name or e-mail, and counts the New ones', async () => {
      const ann = await backend.bookings.create(
        contractBooking(seed, { name: 'Ann Search', email: 'ann.search@example.com' }),
        'contract-search-01',
      );
      await backend.bookings.create(
        contractBooking(seed, { name: 'Bo Other', email: 'bo@example.com' }),
        'contract-search-02',
      );
      await subject.signInAsAdmin();
      expect((await backend.bookings.list({ q: 'ann SEARCH' })).items.map((b) => b.id)).toEqual([ann.id]);
      expect((await backend.bookings.list({ q: 'ANN.search@' })).items.map((b) => b.id)).toEqual([ann.id]);
      expect((await backend.bookings.list({ q: 'nobody' })).items).toEqual([]);
      const { new: before } = await backend.bookings.summary();
      expect(before).toBeGreaterThanOrEqual(2);
      await backend.bookings.updateStatus(ann.id, 'Contacted');
      expect(await backend.bookings.summary()).toEqual({ new: before - 1 });
    });

    it('takes a status change back within the window, once; a personal message is checked', async () => {
      const created = await backend.bookings.create(contractBooking(seed, { name: 'Una Doe' }), 'contract-undo-01');
      await subject.signInAsAdmin();
      await expect(
        backend.bookings.updateStatus(created.id, 'Confirmed', { message: 'x'.repeat(1001) }),
      ).rejects.toMatchObject({
        code: 'validation',
        fieldErrors: { message: ['Must be 1000 characters or less'] },
      });
      await backend.bookings.updateStatus(created.id, 'Contacted', { message: 'Talk soon!' });
      await backend.bookings.updateStatus(created.id, 'Confirmed');
      const undone = await backend.bookings.undoStatus!(created.id);
      expect(undone).toMatchObject({ id: created.id, status: 'New' });
      expect((await backend.bookings.list({ status: 'New' })).items.map((b) => b.id)).toContain(created.id);
      await expect(backend.bookings.undoStatus!(created.id)).rejects.toMatchObject({
        code: 'conflict',
        message: UNDO_TOO_LATE,
      });
      // The client asked for no move: nothing to accept.
      await expect(backend.bookings.acceptReschedule!(created.id)).rejects.toMatchObject({
        code: 'conflict',
        message: RESCHEDULE_NOTHING_TO_ACCEPT,
      });
    });

    live(() =>
      it('tells the admin each new booking and each status change live, the whole request each time', async () => {
        await subject.signInAsAdmin();
        const feed = liveFeed<BookingChange>(backend.bookings.subscribe);
        try {
          // Live from the resync on: what is written after it is told.
          await feed.next((c) => c.type === 'resync');
          const created = await backend.bookings.create(
            contractBooking(seed, { name: 'Dee Fox' }),
            'contract-key-0101',
          );
          const told = await feed.next((c) => c.type === 'created');
          expect(told).toEqual({
            type: 'created',
            booking: expect.objectContaining({ id: created.id, name: 'Dee Fox', status: 'New' }),
          });

          const updated = await backend.bookings.updateStatus(created.id, 'Contacted');
          expect(updated.status).toBe('Contacted');
          expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(updated.createdAt));
          const change = await feed.next((c) => c.type === 'updated');
          expect(change).toEqual({
            type: 'updated',
            booking: expect.objectContaining({ id: created.id, status: 'Contacted' }),
          });
          expect((await backend.bookings.list()).items[0]).toEqual(updated);
        } finally {
          feed.stop();
        }
      }),
    );

    live(() =>
      it('shows availability writes to the admin live, with notes and reasons', async () => {
        await subject.signInAsAdmin();
        const added = liveValue<AdminAvailability>(backend.availability.subscribe, (a) =>
          a.slots.some((s) => s.notes === 'Added slot note'),
        );
        await backend.availability.addSlot({
          date: seed.openDate,
          startTime: '10:00',
          endTime: '11:00',
          isAvailable: true,
          notes: 'Added slot note',
        });
        const withSlot = await added.value;
        added.stop();
        expect(withSlot.periods[0]?.notes).toBe('Private period note');
        expect(withSlot.unavailable[0]?.reason).toBe('Private reason');
        const slot = withSlot.slots.find((s) => s.notes === 'Added slot note');
        if (!slot) throw new Error('the added slot is missing');
        expect(slot).toMatchObject({ date: seed.openDate, startTime: '10:00', endTime: '11:00', isAvailable: true });

        const removed = liveValue<AdminAvailability>(backend.availability.subscribe, (a) =>
          a.slots.every((s) => s.id !== slot.id),
        );
        await backend.availability.deleteSlot(slot.id);
        await removed.value;
        removed.stop();

        await backend.availability.addUnavailable({
          startDate: seed.openDate,
          endDate: seed.openDate,
          reason: 'Added reason',
        });
        const open = await backend.availability.getPublic();
        expect(open.unavailable.some((u) => u.startDate === seed.openDate)).toBe(true);
        expect(JSON.stringify(open)).not.toMatch(/Added reason/);
      }),
    );

    it("keeps the admin's SMS choice", async () => {
      await subject.signInAsAdmin();
      expect(await backend.notifications.setSmsEnabled(true)).toMatchObject({ enabled: true, adminValue: true });
      expect((await backend.notifications.getSmsStatus()).adminValue).toBe(true);
    });
  });
}
