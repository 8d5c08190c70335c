// The ContractsStore contract (contracts-store.ts): versions per booking (two created at once get two), the audit trail
// in the order events were added, the status changes and the states each may start from (a signed contract is frozen),
// the signing link, the signed PDF byte for byte (larger than a Firestore document may hold), and the races between
// signing and signing again or editing.
import type { ContractForm } from '@studio/shared/domain';
import { EMPTY_CONTRACT_DEAL, type ContractDeal } from '@studio/shared/domain/contract';
import type { ContractEventInput, ContractsStore } from '../../src/features/contracts/contracts-store';
import { freshStoreEach, hex64, together, type MakeStore } from './contract-kit-b';

const form: ContractForm = {
  clientName: 'Jane Client',
  modelName: 'Ava Stone',
  effectiveDate: '2026-12-01',
  serviceType: 'Photoshoot',
  timeline: '2',
  governingLaw: 'New York',
};
const deal: ContractDeal = {
  ...EMPTY_CONTRACT_DEAL,
  fee: '$1,200',
  packageName: 'Half day',
  inclusions: ['20 edited photos', 'Online gallery'],
  shootDate: '2026-12-10',
  client: { email: 'jane@example.com', phone: '+15551234567' },
  provider: { email: 'ava@example.com', phone: '' },
};
const admin = (type: ContractEventInput['type']): ContractEventInput => ({
  type,
  actor: 'ava@example.com',
  ip: '127.0.0.1',
  userAgent: 'jest',
});
const client = (type: ContractEventInput['type']): ContractEventInput => ({
  type,
  actor: 'Jane Client',
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
});
const at = (minute: number) => `2026-11-21T10:${String(minute).padStart(2, '0')}:00.000Z`;
const EXPIRES = '2026-12-05T10:00:00.000Z';

const pdfBytes = (length: number) => {
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) out[i] = (i * 13 + (i >> 10)) % 256;
  return out;
};
const signature = (pdf: Uint8Array = pdfBytes(2_000)) => ({
  signerName: 'Jane Client',
  documentHash: hex64('d0c'),
  pdf,
  pdfHash: hex64('bdf'),
});

export function describeContractsStoreContract(make: MakeStore<ContractsStore>) {
  describe('ContractsStore contract', () => {
    const store = freshStoreEach(make);
    const draft = (bookingId = 'booking-1', minute = 0) =>
      store().create(bookingId, { form, deal, paperSize: 'a4' }, at(minute), admin('created'));
    const sent = async (tokenSeed = 'a1') => {
      const created = await draft();
      return (await store().send(created.id, hex64(tokenSeed), EXPIRES, at(1), admin('sent')))!;
    };

    it('creates a draft, version 1 of its booking, with its first event', async () => {
      const created = await draft();
      expect(created).toEqual({
        id: expect.any(String),
        bookingId: 'booking-1',
        version: 1,
        status: 'draft',
        form,
        deal,
        paperSize: 'a4',
        createdAt: at(0),
        updatedAt: at(0),
        sentAt: null,
        linkExpiresAt: null,
        signedAt: null,
        signerName: null,
        documentHash: null,
        signedPdfHash: null,
        events: [{ ...admin('created'), at: at(0) }],
      });
      expect(await store().find(created.id)).toEqual(created);
      expect(await store().find('no-such-contract')).toBeNull();
    });

    it('numbers each booking’s versions on their own and lists them newest first', async () => {
      const v1 = await draft('booking-1', 0);
      const v2 = await draft('booking-1', 1);
      const other = await draft('booking-2', 2);
      expect([v1.version, v2.version, other.version]).toEqual([1, 2, 1]);
      expect((await store().listForBooking('booking-1')).map((c) => c.id)).toEqual([v2.id, v1.id]);
      expect(await store().listForBooking('booking-3')).toEqual([]);
    });

    it('gives five contracts created at once for one booking five versions', async () => {
      const created = await together(5, (i) => draft('booking-1', i));
      expect(created.map((c) => c.version).sort()).toEqual([1, 2, 3, 4, 5]);
      expect((await store().listForBooking('booking-1')).map((c) => c.version)).toEqual([5, 4, 3, 2, 1]);
    });

    it('sends with a link that opens it; sending again replaces the link', async () => {
      const contract = await sent('a1');
      expect(contract).toMatchObject({ status: 'sent', sentAt: at(1), updatedAt: at(1), linkExpiresAt: EXPIRES });
      expect(contract.events.map((e) => e.type)).toEqual(['created', 'sent']);
      expect(await store().link(hex64('a1'))).toEqual({ contractId: contract.id, expiresAt: EXPIRES });

      const again = await store().send(contract.id, hex64('a2'), '2026-12-06T10:00:00.000Z', at(2), admin('sent'));
      expect(again).toMatchObject({ status: 'sent', sentAt: at(2), linkExpiresAt: '2026-12-06T10:00:00.000Z' });
      expect(await store().link(hex64('a1'))).toBeNull();
      expect(await store().link(hex64('a2'))).toEqual({
        contractId: contract.id,
        expiresAt: '2026-12-06T10:00:00.000Z',
      });
      expect(await store().link(hex64('ff'))).toBeNull();
      expect(await store().send('no-such-contract', hex64('a3'), EXPIRES, at(3), admin('sent'))).toBeNull();
    });

    it('marks a sent contract viewed; a view of any other status only adds the event', async () => {
      const contract = await sent();
      const viewed = await store().view(contract.id, at(2), client('viewed'));
      expect(viewed).toMatchObject({ status: 'viewed', updatedAt: at(2) });
      const again = await store().view(contract.id, at(3), client('viewed'));
      expect(again).toMatchObject({ status: 'viewed', updatedAt: at(2) });
      expect(again?.events).toEqual([
        { ...admin('created'), at: at(0) },
        { ...admin('sent'), at: at(1) },
        { ...client('viewed'), at: at(2) },
        { ...client('viewed'), at: at(3) },
      ]);
      const fresh = await draft('booking-2');
      expect(await store().view(fresh.id, at(4), client('viewed'))).toMatchObject({ status: 'draft' });
      expect(await store().view('no-such-contract', at(4), client('viewed'))).toBeNull();
    });

    it('edits an unsigned contract back to a draft and deletes its link', async () => {
      const contract = await sent('b1');
      const newForm = { ...form, timeline: '4' };
      const edited = await store().edit(contract.id, { form: newForm, paperSize: 'letter' }, at(5), admin('edited'));
      expect(edited).toMatchObject({
        status: 'draft',
        form: newForm,
        paperSize: 'letter',
        sentAt: null,
        linkExpiresAt: null,
        updatedAt: at(5),
        deal,
      });
      expect(edited?.events.map((e) => e.type)).toEqual(['created', 'sent', 'edited']);
      expect(await store().link(hex64('b1'))).toBeNull();
      expect(await store().edit('no-such-contract', { form, paperSize: 'a4' }, at(5), admin('edited'))).toBeNull();
    });

    it('takes a new deal with an edit when one is given (her quote changed), and keeps the deal otherwise', async () => {
      const contract = await sent('c1');
      const quoted: ContractDeal = {
        ...deal,
        quote: {
          version: 3,
          tierName: 'Half day',
          invoiceNumber: 'INV-BOOKING1-3',
          input: {
            baseCents: 120_000,
            lines: [{ kind: 'travel', description: 'Train', amountCents: 4_550 }],
            deposit: { kind: 'percent', percent: 50 },
            balanceDueDaysBefore: 7,
            cancellationLadder: [{ hoursBefore: 48, percent: 50 }],
          },
        },
      };
      const edited = await store().edit(contract.id, { form, paperSize: 'a4', deal: quoted }, at(5), admin('edited'));
      expect(edited).toMatchObject({ status: 'draft', deal: quoted, version: 1 });
      expect(await store().link(hex64('c1'))).toBeNull();
      const again = await store().edit(contract.id, { form, paperSize: 'letter' }, at(6), admin('edited'));
      expect(again?.deal).toEqual(quoted);
      expect((await store().find(contract.id))?.deal).toEqual(quoted);
    });

    it('signs a sent or viewed contract, keeps the PDF byte for byte, and keeps the link to open it', async () => {
      const contract = await sent('c1');
      const pdf = pdfBytes(2_300_000);
      expect(await store().signedPdf(contract.id)).toBeNull();
      const signed = await store().sign(contract.id, signature(pdf), at(9), client('signed'));
      expect(signed).toMatchObject({
        status: 'signed',
        signedAt: at(9),
        signerName: 'Jane Client',
        documentHash: hex64('d0c'),
        signedPdfHash: hex64('bdf'),
        updatedAt: at(9),
        sentAt: at(1),
        linkExpiresAt: null,
      });
      expect(signed === 'void' ? signed : signed?.events.map((e) => e.type)).toEqual(['created', 'sent', 'signed']);
      expect(await store().find(contract.id)).toEqual(signed);
      expect(Buffer.compare((await store().signedPdf(contract.id)) ?? Buffer.alloc(0), pdf)).toBe(0);
      expect(await store().link(hex64('c1'))).toEqual({ contractId: contract.id, expiresAt: EXPIRES });

      const viewed = await sent('c2');
      await store().view(viewed.id, at(3), client('viewed'));
      expect(await store().sign(viewed.id, signature(), at(4), client('signed'))).toMatchObject({ status: 'signed' });
    });

    it('refuses to sign a draft or a signed contract, and freezes a signed one', async () => {
      const fresh = await draft();
      expect(await store().sign(fresh.id, signature(), at(2), client('signed'))).toBeNull();
      expect(await store().find(fresh.id)).toEqual(fresh);

      const contract = await sent('d1');
      const signed = await store().sign(contract.id, signature(), at(3), client('signed'));
      expect(await store().sign(contract.id, signature(pdfBytes(10)), at(4), client('signed'))).toBeNull();
      expect(
        await store().edit(contract.id, { form: { ...form, timeline: '9' }, paperSize: 'a4' }, at(5), admin('edited')),
      ).toBeNull();
      expect(await store().send(contract.id, hex64('d2'), EXPIRES, at(6), admin('sent'))).toBeNull();
      expect(await store().find(contract.id)).toEqual(signed);
      expect(await store().link(hex64('d2'))).toBeNull();
      expect((await store().signedPdf(contract.id))?.length).toBe(2_000);
      expect(await store().sign('no-such-contract', signature(), at(7), client('signed'))).toBeNull();
    });

    it('lets one of five signatures racing sign, with one signed event', async () => {
      const contract = await sent('e1');
      const results = await together(5, (i) =>
        store().sign(contract.id, { ...signature(), signerName: `Signer ${i}` }, at(10 + i), client('signed')),
      );
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      const stored = await store().find(contract.id);
      expect(stored).toEqual(winners[0]);
      expect(stored?.events.filter((e) => e.type === 'signed')).toHaveLength(1);
    });

    it('orders a signature and an edit racing: exactly one of them happens', async () => {
      const contract = await sent('f1');
      const [signed, edited] = await Promise.all([
        store().sign(contract.id, signature(), at(10), client('signed')),
        store().edit(contract.id, { form: { ...form, timeline: '6' }, paperSize: 'a4' }, at(11), admin('edited')),
      ]);
      const stored = await store().find(contract.id);
      if (signed) {
        // Signed first: the edit found it frozen.
        expect(edited).toBeNull();
        expect(stored).toEqual(signed);
      } else {
        // Edited first: back to a draft, which cannot be signed.
        expect(edited).not.toBeNull();
        expect(stored).toEqual(edited);
        expect(await store().signedPdf(contract.id)).toBeNull();
      }
    });

    it('adds events in order, five added at once included', async () => {
      const contract = await draft();
      await store().addEvent(contract.id, at(1), admin('sent'));
      await together(5, (i) => store().addEvent(contract.id, at(2 + i), client('viewed')));
      const events = (await store().find(contract.id))?.events ?? [];
      expect(events.slice(0, 2)).toEqual([
        { ...admin('created'), at: at(0) },
        { ...admin('sent'), at: at(1) },
      ]);
      expect(
        events
          .slice(2)
          .map((e) => e.at)
          .sort(),
      ).toEqual([at(2), at(3), at(4), at(5), at(6)]);
    });

    it('answers each booking’s state as its highest version’s status', async () => {
      const old = await sent('g1');
      await store().sign(old.id, signature(), at(3), client('signed'));
      await draft('booking-1', 4);
      const other = await draft('booking-2', 5);
      await store().send(other.id, hex64('g2'), EXPIRES, at(6), admin('sent'));
      expect(await store().latestStates()).toEqual({ 'booking-1': 'draft', 'booking-2': 'sent' });
    });
  });
}
