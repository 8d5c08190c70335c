// The ContractsStore's part of signing for the right client, on a storage that holds bookings too: a contract whose
// booking is Cancelled or Declined is void, and sign() refuses it in the same transaction that would sign (SQLite's
// conditional write, Firestore's transaction), so a cancellation that lands after the route's own check still wins; and
// a signature on the client's behalf keeps the signer's role and the client in its audit event. Run on SQLite
// (sqlite-b.test.ts) and on Firestore (firebase/test/emulator/storage-b.test.ts).
import type { BookingStatus } from '@studio/shared/domain';
import { EMPTY_CONTRACT_DEAL } from '@studio/shared/domain/contract';
import type { BookingsStore } from '../../src/features/bookings/bookings-store';
import type { ContractEventInput, ContractsStore } from '../../src/features/contracts/contracts-store';
import { newBooking, storeBooking } from './bookings-contract';
import { freshStoreEach, hex64, type MakeStore } from './contract-kit-b';

export interface BookingsAndContracts {
  bookings: BookingsStore;
  contracts: ContractsStore;
}

const at = (minute: number) => `2026-11-21T10:${String(minute).padStart(2, '0')}:00.000Z`;
const event = (type: ContractEventInput['type'], actor = 'Jordan Lee'): ContractEventInput => ({
  type,
  actor,
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
});
const signature = {
  signerName: 'Jordan Lee',
  documentHash: hex64('d0c'),
  pdf: Buffer.from('%PDF-1.7'),
  pdfHash: hex64('bdf'),
};

export function describeContractSignerContract(make: MakeStore<BookingsAndContracts>) {
  describe('ContractsStore: void contracts and signatures on the client’s behalf', () => {
    const store = freshStoreEach(make);

    /** A Confirmed booking of Jordan Lee's with a contract sent for signature. */
    const sentContract = async () => {
      const booking = await storeBooking(store().bookings, newBooking({ name: 'Jordan Lee', status: 'Confirmed' }));
      const form = {
        clientName: 'Jordan Lee',
        modelName: 'Ava Stone',
        effectiveDate: '2026-12-01',
        serviceType: 'Photoshoot',
        timeline: '2',
        governingLaw: 'New York',
      };
      const created = await store().contracts.create(
        booking.id,
        { form, deal: EMPTY_CONTRACT_DEAL, paperSize: 'a4' },
        at(0),
        event('created', 'ava@example.com'),
      );
      const sent = await store().contracts.send(created.id, hex64('a1'), '2026-12-05T10:00:00.000Z', at(1), {
        ...event('sent', 'ava@example.com'),
      });
      return { booking, contract: sent! };
    };

    it.each<BookingStatus>(['Cancelled', 'Declined'])(
      'refuses to sign a contract whose booking is %s (void) and stores nothing',
      async (status) => {
        const { booking, contract } = await sentContract();
        await store().bookings.updateStatus(booking.id, status, at(2));
        expect(await store().contracts.sign(contract.id, signature, at(3), event('signed'))).toBe('void');
        const after = await store().contracts.find(contract.id);
        expect(after).toEqual(contract);
        expect(after?.status).toBe('sent');
        expect(await store().contracts.signedPdf(contract.id)).toBeNull();
      },
    );

    it('signs a contract whose booking is open, and keeps the role and the client of a signature on their behalf', async () => {
      const { contract } = await sentContract();
      const onBehalf = { ...event('signed', 'Sam Park'), role: 'Assistant', onBehalfOf: 'Jordan Lee' };
      const signed = await store().contracts.sign(
        contract.id,
        { ...signature, signerName: 'Sam Park' },
        at(3),
        onBehalf,
      );
      expect(signed).toMatchObject({ status: 'signed', signerName: 'Sam Park' });
      const stored = await store().contracts.find(contract.id);
      expect(stored?.events).toEqual([
        { ...event('created', 'ava@example.com'), at: at(0) },
        { ...event('sent', 'ava@example.com'), at: at(1) },
        { ...onBehalf, at: at(3) },
      ]);
      // The fields exist only on that signature: the other events have no role or client key at all.
      expect(Object.keys(stored!.events[0]!).sort()).toEqual(['actor', 'at', 'ip', 'type', 'userAgent']);
    });
  });
}
