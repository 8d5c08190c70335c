// Contracts and their signature rounds on Firestore (the port's ContractsStore):
// - `contracts/{id}`: one version of a booking's contract; its form and deal as the JSON SQLite keeps (read and
//   written whole, never queried), the current signing link's hash and expiry, and the number of events so far;
// - `contracts/{id}/events/{seq}`: the audit trail, numbered in the transaction that adds each event;
// - `contracts/{id}/chunks/{n}`: the signed PDF (binary-chunks.ts);
// - `contractLinks/{tokenHash}`: which contract a signing link opens, until when;
// - `contractBookings/{sha256(bookingId)}`: the booking's highest version, so two contracts created at once for
//   one booking get two versions (both transactions write it; one is retried).
// A signed contract is frozen here as in SQLite: every change names the states it may start from.
import { randomUUID } from 'node:crypto';
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import type { BookingStatus, ContractForm } from '@studio/shared/domain';
import { voidReasonOf } from '@studio/shared/domain/contract-signer';
import {
  EMPTY_CONTRACT_DEAL,
  type ContractDeal,
  type ContractEvent,
  type ContractPaperSize,
  type ContractRecord,
  type ContractStatus,
} from '@studio/shared/domain/contract';
import type { ContractEventInput, ContractsStore } from './contracts-store';
import { readChunks, writeChunks } from '../../platform/firestore/binary-chunks';
import { BOOKINGS } from '../bookings';
import { documentIdOf } from '../../platform/firestore/document-ids';
import { runTransaction } from '../../platform/firestore/transaction';
import { sha256Hex } from '../../platform/hash';

interface ContractDoc {
  id: string;
  bookingId: string;
  version: number;
  status: ContractStatus;
  form: string;
  deal: string;
  paperSize: ContractPaperSize;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  signedAt: string | null;
  signerName: string | null;
  documentHash: string | null;
  signedPdfHash: string | null;
  linkTokenHash: string | null;
  linkExpiresAt: string | null;
  events: number;
}

interface EventDoc extends ContractEvent {
  seq: number;
}

const bookingKey = (bookingId: string) => sha256Hex(bookingId);
const eventId = (seq: number) => String(seq).padStart(6, '0');

const toRecord = (doc: ContractDoc, events: ContractEvent[]): ContractRecord => ({
  id: doc.id,
  bookingId: doc.bookingId,
  version: doc.version,
  status: doc.status,
  form: JSON.parse(doc.form) as ContractForm,
  // A deal stored before a field existed reads it as empty.
  deal: { ...EMPTY_CONTRACT_DEAL, ...(JSON.parse(doc.deal) as Partial<ContractDeal>) },
  paperSize: doc.paperSize,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
  sentAt: doc.sentAt,
  linkExpiresAt: doc.status === 'signed' ? null : doc.linkExpiresAt,
  signedAt: doc.signedAt,
  signerName: doc.signerName,
  documentHash: doc.documentHash,
  signedPdfHash: doc.signedPdfHash,
  events,
});

// Firestore refuses an undefined field: role and onBehalfOf are written only on a signature on the client's behalf.
const eventOf = (at: string, e: ContractEventInput): ContractEvent => ({
  type: e.type,
  at,
  actor: e.actor,
  ip: e.ip,
  userAgent: e.userAgent,
  ...(e.role === undefined ? {} : { role: e.role }),
  ...(e.onBehalfOf === undefined ? {} : { onBehalfOf: e.onBehalfOf }),
});

const plainEvent = ({ type, at, actor, ip, userAgent, role, onBehalfOf }: EventDoc): ContractEvent => ({
  type,
  at,
  actor,
  ip,
  userAgent,
  ...(role === undefined ? {} : { role }),
  ...(onBehalfOf === undefined ? {} : { onBehalfOf }),
});

export function createFirestoreContractsStore(db: Firestore): ContractsStore {
  const contracts = db.collection('contracts');
  const links = db.collection('contractLinks');
  const bookings = db.collection('contractBookings');

  const eventsOf = async (ref: DocumentReference, tx?: Transaction) => {
    const query = ref.collection('events').orderBy('seq');
    const snap = tx ? await tx.get(query) : await query.get();
    return snap.docs.map((d) => plainEvent(d.data() as EventDoc));
  };

  /** Adds the event after the `doc.events` already stored; answers the new count (all reads come before this). */
  const appendEvent = (tx: Transaction, ref: DocumentReference, doc: ContractDoc, event: ContractEvent) => {
    const seq = doc.events + 1;
    tx.create(ref.collection('events').doc(eventId(seq)), { ...event, seq } satisfies EventDoc);
    return seq;
  };

  /**
   * The shape of every change: in one transaction, reads the contract and its events, asks `change` for the new
   * fields (null: refused, nothing written), writes them with the event, and answers the record as it now stands.
   */
  const change = (
    id: string,
    at: string,
    input: ContractEventInput,
    decide: (doc: ContractDoc, tx: Transaction) => Partial<ContractDoc> | null | Promise<Partial<ContractDoc> | null>,
  ) =>
    runTransaction(db, async (tx) => {
      const ref = contracts.doc(id);
      const snap = await tx.get(ref);
      if (!snap.exists) return null;
      const doc = snap.data() as ContractDoc;
      const events = await eventsOf(ref, tx);
      const fields = await decide(doc, tx);
      if (fields === null) return null;
      const event = eventOf(at, input);
      const next: ContractDoc = { ...doc, ...fields, events: appendEvent(tx, ref, doc, event) };
      tx.update(ref, { ...fields, events: next.events });
      return toRecord(next, [...events, event]);
    });

  return {
    async find(id) {
      const ref = contracts.doc(id);
      const snap = await ref.get();
      return snap.exists ? toRecord(snap.data() as ContractDoc, await eventsOf(ref)) : null;
    },

    async listForBooking(bookingId) {
      // A booking has a few versions: sorted here rather than by a composite index (bookingId, version).
      const snap = await contracts.where('bookingId', '==', bookingId).get();
      const docs = snap.docs.map((d) => d.data() as ContractDoc).sort((a, b) => b.version - a.version);
      return Promise.all(docs.map(async (doc) => toRecord(doc, await eventsOf(contracts.doc(doc.id)))));
    },

    create(bookingId, input, at, firstEvent) {
      return runTransaction(db, async (tx) => {
        const counter = bookings.doc(bookingKey(bookingId));
        const version = (((await tx.get(counter)).data()?.latestVersion as number | undefined) ?? 0) + 1;
        const id = randomUUID();
        const ref = contracts.doc(id);
        const doc: ContractDoc = {
          id,
          bookingId,
          version,
          status: 'draft',
          form: JSON.stringify(input.form),
          deal: JSON.stringify(input.deal),
          paperSize: input.paperSize,
          createdAt: at,
          updatedAt: at,
          sentAt: null,
          signedAt: null,
          signerName: null,
          documentHash: null,
          signedPdfHash: null,
          linkTokenHash: null,
          linkExpiresAt: null,
          events: 0,
        };
        const event = eventOf(at, firstEvent);
        doc.events = appendEvent(tx, ref, doc, event);
        tx.set(counter, { bookingId, latestVersion: version });
        tx.create(ref, doc);
        return toRecord(doc, [event]);
      });
    },

    edit(id, input, at, event) {
      // Editing a sent contract takes it back to a draft: the link she holds would otherwise sign a text she never saw.
      return change(id, at, event, (doc, tx) => {
        if (doc.status === 'signed') return null;
        if (doc.linkTokenHash) tx.delete(links.doc(doc.linkTokenHash));
        return {
          form: JSON.stringify(input.form),
          paperSize: input.paperSize,
          ...(input.deal ? { deal: JSON.stringify(input.deal) } : {}),
          status: 'draft',
          sentAt: null,
          updatedAt: at,
          linkTokenHash: null,
          linkExpiresAt: null,
        };
      });
    },

    send(id, tokenHash, expiresAt, at, event) {
      return change(id, at, event, (doc, tx) => {
        if (doc.status === 'signed') return null;
        if (doc.linkTokenHash && doc.linkTokenHash !== tokenHash) tx.delete(links.doc(doc.linkTokenHash));
        tx.set(links.doc(tokenHash), { contractId: id, expiresAt });
        return { status: 'sent', sentAt: at, updatedAt: at, linkTokenHash: tokenHash, linkExpiresAt: expiresAt };
      });
    },

    async link(tokenHash) {
      const link = (await links.doc(tokenHash).get()).data() as { contractId: string; expiresAt: string } | undefined;
      return link ? { contractId: link.contractId, expiresAt: link.expiresAt } : null;
    },

    view(id, at, event) {
      return change(id, at, event, (doc) => (doc.status === 'sent' ? { status: 'viewed', updatedAt: at } : {}));
    },

    async sign(id, signed, at, event) {
      let isVoid = false;
      const record = await change(id, at, event, async (doc, tx) => {
        isVoid = false;
        if (doc.status !== 'sent' && doc.status !== 'viewed') return null;
        // A contract of a cancelled or declined booking is void: the booking is read in this transaction,
        // so a cancellation committed while the PDF was drawn makes Firestore run it again and refuse.
        const booking = await tx.get(db.collection(BOOKINGS).doc(documentIdOf(doc.bookingId)));
        if (voidReasonOf(booking.get('status') as BookingStatus | undefined)) {
          isVoid = true;
          return null;
        }
        // The link stays, so opening it again says the contract is signed (only 'sent' or 'viewed' can be signed).
        writeChunks(tx, contracts.doc(id), signed.pdf);
        return {
          status: 'signed',
          signedAt: at,
          signerName: signed.signerName,
          documentHash: signed.documentHash,
          signedPdfHash: signed.pdfHash,
          updatedAt: at,
        };
      });
      return isVoid ? 'void' : record;
    },

    async addEvent(id, at, event) {
      await runTransaction(db, async (tx) => {
        const ref = contracts.doc(id);
        const snap = await tx.get(ref);
        // As SQLite's foreign key: an event belongs to a contract that exists.
        if (!snap.exists) throw new Error(`No contract ${id} to add an event to.`);
        const doc = snap.data() as ContractDoc;
        tx.update(ref, { events: appendEvent(tx, ref, doc, eventOf(at, event)) });
      });
    },

    async latestStates() {
      const snap = await contracts.select('bookingId', 'version', 'status').get();
      const latest = new Map<string, { version: number; status: ContractStatus }>();
      for (const d of snap.docs) {
        const { bookingId, version, status } = d.data() as Pick<ContractDoc, 'bookingId' | 'version' | 'status'>;
        const seen = latest.get(bookingId);
        if (!seen || version > seen.version) latest.set(bookingId, { version, status });
      }
      return Object.fromEntries([...latest].map(([bookingId, { status }]) => [bookingId, status]));
    },

    async signedPdf(id) {
      const ref = contracts.doc(id);
      const doc = (await ref.get()).data() as ContractDoc | undefined;
      return doc?.status === 'signed' ? readChunks(ref) : null;
    },
  };
}
