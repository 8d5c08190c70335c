// The contracts store: what the server asks of this storage, honoured by contracts.sqlite.ts and contracts.firestore.ts
// alike and proved on both by the storage contract (server/test/storage-contract/). The rules every store keeps
// (Promises, atomic calls, no clock, secrets only as hashes): platform/storage/storage-port.ts.
import type { ContractForm } from '@studio/shared/domain';
import type {
  ContractDeal,
  ContractEvent,
  ContractPaperSize,
  ContractRecord,
  ContractStatus,
} from '@studio/shared/domain/contract';

export type ContractEventInput = Omit<ContractEvent, 'at'>;

export interface ContractsStore {
  /** With its events in the order they were added; null when none has that id. */
  find(id: string): Promise<ContractRecord | null>;
  /** The booking's contracts, newest version first. */
  listForBooking(bookingId: string): Promise<ContractRecord[]>;
  /** Atomic: a new draft, version = the booking's highest + 1 (1 for its first), with its first event. */
  create(
    bookingId: string,
    input: { form: ContractForm; deal: ContractDeal; paperSize: ContractPaperSize },
    at: string,
    event: ContractEventInput,
  ): Promise<ContractRecord>;
  /**
   * Atomic: a new form and paper size (and deal, when given: her quote changed), back to 'draft' (sentAt cleared) with
   * the signing link deleted and the event added, unless it is signed; null then (a signed contract is frozen).
   */
  edit(
    id: string,
    input: { form: ContractForm; paperSize: ContractPaperSize; deal?: ContractDeal },
    at: string,
    event: ContractEventInput,
  ): Promise<ContractRecord | null>;
  /**
   * Atomic: 'sent' (sentAt `at`) with a new signing link (`tokenHash`, expiring at `expiresAt`) replacing any earlier
   * one, and the event, unless it is signed; null then.
   */
  send(
    id: string,
    tokenHash: string,
    expiresAt: string,
    at: string,
    event: ContractEventInput,
  ): Promise<ContractRecord | null>;
  /** The contract a link opens and when the link expires; null for a hash never issued or replaced since. */
  link(tokenHash: string): Promise<{ contractId: string; expiresAt: string } | null>;
  /** Atomic: adds the event, and a 'sent' contract becomes 'viewed' (any other status stays). null: no such id. */
  view(id: string, at: string, event: ContractEventInput): Promise<ContractRecord | null>;
  /**
   * Atomic: 'signed' with the signer, the hashes, the signed PDF and the event, only from 'sent' or 'viewed' and only
   * while its booking is neither Cancelled nor Declined (read in the same transaction: such a contract is void, nobody
   * signs for a booking that no longer stands); 'void' then, and nothing is written. null otherwise (signed meanwhile, or edited back to a draft). The link
   * stays (it opens the signed contract). A contract whose booking is not stored is not void.
   */
  sign(
    id: string,
    signed: { signerName: string; documentHash: string; pdf: Uint8Array; pdfHash: string },
    at: string,
    event: ContractEventInput,
  ): Promise<ContractRecord | 'void' | null>;
  addEvent(id: string, at: string, event: ContractEventInput): Promise<void>;
  /** Each booking's contract state: its highest version's status, by booking id. */
  latestStates(): Promise<Record<string, ContractStatus>>;
  /** The signed PDF as it was stored at signing; null until signed. */
  signedPdf(id: string): Promise<Buffer | null>;
}
