// Stored contracts and their signature round: the form she fills in, each version with the deal it was made with,
// its status, and the audit trail of who did what, when and from where.
import type { ContractDeal } from './contract-deal';
import type { IsoDate, IsoTimestamp } from './date-types';

export interface ContractForm {
  clientName: string;
  modelName: string;
  effectiveDate: IsoDate;
  serviceType: string;
  /** Weeks, as text from the form. */
  timeline: string;
  governingLaw: string;
}

/** draft: being edited; sent: the client has the link; viewed: she opened it; signed: frozen. */
export const CONTRACT_STATUSES = ['draft', 'sent', 'viewed', 'signed'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_PAPER_SIZES = ['a4', 'letter'] as const;
export type ContractPaperSize = (typeof CONTRACT_PAPER_SIZES)[number];

/** How long a signing link stays usable. */
export const CONTRACT_LINK_DAYS = 14;

/** One line of the audit trail: who did what, when, and from where (the client's address and browser). */
export interface ContractEvent {
  type: 'created' | 'edited' | 'sent' | 'viewed' | 'signed';
  at: IsoTimestamp;
  /** The admin's e-mail, or the client's name as she typed it when signing (her e-mail before that). */
  actor: string;
  ip: string;
  userAgent: string;
  /** A signature on the client's behalf: the signer's role or title; absent when the client signed. */
  role?: string;
  /** A signature on the client's behalf: the client signed for; the actor is then the signer's own name. */
  onBehalfOf?: string;
}

export interface ContractInput {
  form: ContractForm;
  paperSize: ContractPaperSize;
}

/** One version of a booking's contract. */
export interface ContractRecord {
  id: string;
  bookingId: string;
  /** 1 for the first contract of a booking; a new version starts a new signature round. */
  version: number;
  status: ContractStatus;
  form: ContractForm;
  /** The deal as it was when this version was created (later changes to the booking do not alter a sent contract). */
  deal: ContractDeal;
  paperSize: ContractPaperSize;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
  sentAt: IsoTimestamp | null;
  linkExpiresAt: IsoTimestamp | null;
  signedAt: IsoTimestamp | null;
  /** The full name the client typed. */
  signerName: string | null;
  /** SHA-256 (hex) of the agreement's text as she signed it. */
  documentHash: string | null;
  /** SHA-256 (hex) of the signed PDF, as mailed to both parties. */
  signedPdfHash: string | null;
  events: ContractEvent[];
}

/** A booking's contracts, newest version first, and the deal a new version would carry. */
export interface BookingContracts {
  deal: ContractDeal;
  contracts: ContractRecord[];
}

/** The contract's state as the booking card shows it: the latest version's status, or null without a contract. */
export function latestContractStatus(contracts: readonly ContractRecord[]): ContractStatus | null {
  let latest: ContractRecord | undefined;
  for (const c of contracts) if (!latest || c.version > latest.version) latest = c;
  return latest?.status ?? null;
}
