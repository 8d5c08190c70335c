// Contracts and their signature rounds in SQLite (ContractsStore, contracts-store.ts). Stores and reads; the route
// decides. A signed row is frozen here as well: every write that changes a contract's text or state names the states it
// may start from, so a signed contract is never changed whatever the caller does.
import { randomUUID } from 'node:crypto';
import {
  EMPTY_CONTRACT_DEAL,
  type ContractDeal,
  type ContractEvent,
  type ContractPaperSize,
  type ContractRecord,
  type ContractStatus,
} from '@studio/shared/domain/contract';
import type { BookingStatus, ContractForm } from '@studio/shared/domain';
import { voidReasonOf } from '@studio/shared/domain/contract-signer';
import type { Db } from '../../platform/sqlite/database';
import type { ContractEventInput, ContractsStore } from './contracts-store';
import { CLOSED_STATUSES } from '@studio/shared/domain/lifecycle';
import { sqlTextList } from '../../platform/sqlite/sql-text-list';

interface ContractRow {
  id: string;
  booking_id: string;
  version: number;
  status: ContractStatus;
  form: string;
  deal: string;
  paper_size: ContractPaperSize;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  signed_at: string | null;
  signer_name: string | null;
  document_hash: string | null;
  signed_pdf_hash: string | null;
  expires_at: string | null;
}

type EventRow = Omit<ContractEvent, 'role' | 'onBehalfOf'> & { role: string | null; onBehalfOf: string | null };

/** An event as the port answers it: role and onBehalfOf only on a signature made on the client's behalf. */
const eventOf = ({ role, onBehalfOf, ...event }: EventRow): ContractEvent => ({
  ...event,
  ...(role === null ? {} : { role }),
  ...(onBehalfOf === null ? {} : { onBehalfOf }),
});

const SELECT = `SELECT c.id, c.booking_id, c.version, c.status, c.form, c.deal, c.paper_size, c.created_at, c.updated_at,
  c.sent_at, c.signed_at, c.signer_name, c.document_hash, c.signed_pdf_hash, l.expires_at
  FROM contracts c LEFT JOIN contract_links l ON l.contract_id = c.id`;

export type EventInput = ContractEventInput;

export function createContractsRepository(db: Db): ContractsStore {
  const byId = db.prepare(`${SELECT} WHERE c.id = ?`);
  const byBooking = db.prepare(`${SELECT} WHERE c.booking_id = ? ORDER BY c.version DESC`);
  const eventsOf = db.prepare(
    `SELECT type, at, actor, ip, user_agent AS userAgent, role, on_behalf_of AS onBehalfOf FROM contract_events
     WHERE contract_id = ? ORDER BY seq`,
  );
  const maxVersion = db.prepare('SELECT max(version) AS v FROM contracts WHERE booking_id = ?');
  const insert = db.prepare(
    `INSERT INTO contracts (id, booking_id, version, status, form, deal, paper_size, created_at, updated_at)
     VALUES (?, ?, ?, 'draft', ?, ?, ?, ?, ?)`,
  );
  const insertEvent = db.prepare(
    `INSERT INTO contract_events (contract_id, type, at, actor, ip, user_agent, role, on_behalf_of)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // Editing a sent contract takes it back to a draft: the link she holds would otherwise sign a text she never saw.
  const edit = db.prepare(
    `UPDATE contracts SET form = ?, paper_size = ?, deal = COALESCE(?, deal), status = 'draft', sent_at = NULL, updated_at = ?
     WHERE id = ? AND status != 'signed'`,
  );
  const markSent = db.prepare(
    `UPDATE contracts SET status = 'sent', sent_at = ?, updated_at = ? WHERE id = ? AND status != 'signed'`,
  );
  const markViewed = db.prepare(
    `UPDATE contracts SET status = 'viewed', updated_at = ? WHERE id = ? AND status = 'sent'`,
  );
  // A contract whose booking was cancelled or declined is void: the booking's status is read by the same
  // conditional write that signs, so a cancellation landing while the PDF is drawn still refuses the signature.
  const markSigned = db.prepare(
    `UPDATE contracts SET status = 'signed', signed_at = ?, signer_name = ?, document_hash = ?, signed_pdf = ?,
     signed_pdf_hash = ?, updated_at = ? WHERE id = ? AND status IN ('sent', 'viewed')
     AND NOT EXISTS (SELECT 1 FROM booking_requests b WHERE b.id = contracts.booking_id AND b.status IN (${sqlTextList(CLOSED_STATUSES)}))`,
  );
  const bookingStatusOf = db.prepare(
    'SELECT b.status FROM contracts c JOIN booking_requests b ON b.id = c.booking_id WHERE c.id = ?',
  );
  const deleteLink = db.prepare('DELETE FROM contract_links WHERE contract_id = ?');
  const insertLink = db.prepare('INSERT INTO contract_links (token_hash, contract_id, expires_at) VALUES (?, ?, ?)');
  const linkByHash = db.prepare(
    'SELECT contract_id AS contractId, expires_at AS expiresAt FROM contract_links WHERE token_hash = ?',
  );
  const latestStates = db.prepare(
    `SELECT booking_id AS bookingId, status FROM contracts c
     WHERE version = (SELECT max(version) FROM contracts WHERE booking_id = c.booking_id)`,
  );
  const signedPdf = db.prepare("SELECT signed_pdf AS pdf FROM contracts WHERE id = ? AND status = 'signed'");

  const toRecord = (r: ContractRow): ContractRecord => ({
    id: r.id,
    bookingId: r.booking_id,
    version: r.version,
    status: r.status,
    form: JSON.parse(r.form) as ContractForm,
    // A deal stored before a field existed reads it as empty.
    deal: { ...EMPTY_CONTRACT_DEAL, ...(JSON.parse(r.deal) as Partial<ContractDeal>) },
    paperSize: r.paper_size,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    sentAt: r.sent_at,
    linkExpiresAt: r.status === 'signed' ? null : r.expires_at,
    signedAt: r.signed_at,
    signerName: r.signer_name,
    documentHash: r.document_hash,
    signedPdfHash: r.signed_pdf_hash,
    events: (eventsOf.all(r.id) as EventRow[]).map(eventOf),
  });
  const find = (id: string): ContractRecord | null => {
    const row = byId.get(id) as ContractRow | undefined;
    return row ? toRecord(row) : null;
  };
  const addEvent = (id: string, at: string, e: EventInput) =>
    insertEvent.run(id, e.type, at, e.actor, e.ip, e.userAgent, e.role ?? null, e.onBehalfOf ?? null);

  const create = db.transaction(
    (
      bookingId: string,
      input: { form: ContractForm; deal: ContractDeal; paperSize: ContractPaperSize },
      at: string,
      event: EventInput,
    ): ContractRecord => {
      const id = randomUUID();
      const version = ((maxVersion.get(bookingId) as { v: number | null }).v ?? 0) + 1;
      insert.run(
        id,
        bookingId,
        version,
        JSON.stringify(input.form),
        JSON.stringify(input.deal),
        input.paperSize,
        at,
        at,
      );
      addEvent(id, at, event);
      return find(id)!;
    },
  );
  // Editing a sent contract takes it back to a draft, and its signing link stops working.
  const editTx = db.transaction(
    (
      id: string,
      input: { form: ContractForm; paperSize: ContractPaperSize; deal?: ContractDeal },
      at: string,
      event: EventInput,
    ) => {
      const deal = input.deal ? JSON.stringify(input.deal) : null;
      if (edit.run(JSON.stringify(input.form), input.paperSize, deal, at, id).changes === 0) return null;
      deleteLink.run(id);
      addEvent(id, at, event);
      return find(id);
    },
  );
  const sendTx = db.transaction((id: string, tokenHash: string, expiresAt: string, at: string, event: EventInput) => {
    if (markSent.run(at, at, id).changes === 0) return null;
    deleteLink.run(id);
    insertLink.run(tokenHash, id, expiresAt);
    addEvent(id, at, event);
    return find(id);
  });
  const viewTx = db.transaction((id: string, at: string, event: EventInput) => {
    if (!byId.get(id)) return null;
    markViewed.run(at, id);
    addEvent(id, at, event);
    return find(id);
  });
  const signTx = db.transaction(
    (
      id: string,
      signed: { signerName: string; documentHash: string; pdf: Uint8Array; pdfHash: string },
      at: string,
      event: EventInput,
    ): ContractRecord | 'void' | null => {
      const changed = markSigned.run(
        at,
        signed.signerName,
        signed.documentHash,
        Buffer.from(signed.pdf),
        signed.pdfHash,
        at,
        id,
      ).changes;
      if (changed === 0) {
        const booking = bookingStatusOf.get(id) as { status: BookingStatus } | undefined;
        return voidReasonOf(booking?.status) && find(id)?.status !== 'signed' ? 'void' : null;
      }
      // The link stays, so opening it again says the contract is signed (it can never sign again: only a 'sent'
      // or 'viewed' contract can be signed).
      addEvent(id, at, event);
      return find(id);
    },
  );

  return {
    find: async (id) => find(id),
    async listForBooking(bookingId) {
      return (byBooking.all(bookingId) as ContractRow[]).map(toRecord);
    },
    create: async (bookingId, input, at, event) => create(bookingId, input, at, event),
    edit: async (id, input, at, event) => editTx(id, input, at, event),
    send: async (id, tokenHash, expiresAt, at, event) => sendTx(id, tokenHash, expiresAt, at, event),
    async link(tokenHash) {
      return (linkByHash.get(tokenHash) as { contractId: string; expiresAt: string } | undefined) ?? null;
    },
    view: async (id, at, event) => viewTx(id, at, event),
    sign: async (id, signed, at, event) => signTx(id, signed, at, event),
    async addEvent(id, at, event) {
      addEvent(id, at, event);
    },
    async latestStates() {
      const rows = latestStates.all() as Array<{ bookingId: string; status: ContractStatus }>;
      return Object.fromEntries(rows.map((r) => [r.bookingId, r.status]));
    },
    async signedPdf(id) {
      return (signedPdf.get(id) as { pdf: Buffer } | undefined)?.pdf ?? null;
    },
  };
}

export type ContractsRepository = ContractsStore;
