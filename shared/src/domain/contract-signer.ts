// Who may sign a contract: the client named on the booking, or someone who states they sign on the client's
// behalf, with their own name and role. The matching rule lives here once; the signing route of both homes (the
// embedded server and the Firebase function run the same routes) asks it, and the signing form's schema
// (api/contracts.ts) turns its answer into a field error. Pure: no I/O.
import type { BookingStatus } from './booking-status';

// Letters NFKD does not take apart (they are letters of their own, not a letter plus a mark), spelled as a keyboard
// without them spells them: "Søren" typed as "Soren" is the same person.
const FOLDS: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
  ŧ: 't',
};
const FOLDABLE = new RegExp(`[${Object.keys(FOLDS).join('')}]`, 'gu');

/**
 * A person's name reduced to what tells two people apart, so the same name typed differently compares equal:
 * - compatibility forms are taken apart (NFKD): the ligature "ﬁ" is "fi", a full-width "Ｊ" is "J";
 * - accents and every other combining mark are dropped ("José" is "jose"), and a few letters NFKD keeps whole are
 *   spelled out (FOLDS: "ø" is "o", "æ" is "ae");
 * - invisible format characters are dropped (zero-width space and joiners, soft hyphen, byte-order mark, direction
 *   marks), so a name pasted from a chat or a PDF still matches;
 * - case is folded fully ("ß" is "ss", "İ" and "ı" are "i");
 * - apostrophes join ("O’Brien", "O'Brien" and "OBrien" are one name); every other run of punctuation and spaces is
 *   one space, and none at either end ("Mary-Jane  Lee." is "mary jane lee").
 */
export function normalizePersonName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(FOLDABLE, (c) => FOLDS[c] ?? c)
    .replace(/['’ʼ‘`´]/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether the typed name is the expected one, as normalizePersonName compares them. A blank name matches nothing. */
export function samePersonName(typed: string, expected: string): boolean {
  const a = normalizePersonName(typed);
  return a !== '' && a === normalizePersonName(expected);
}

/**
 * Whether a typed name is the client's: the name on the booking, or the client the contract names (she may have
 * written it out in full, or named the company, in the contract's form). Either is the client.
 */
export function isClientName(typed: string, clientNames: readonly string[]): boolean {
  return clientNames.some((n) => samePersonName(typed, n));
}

/** Why a contract can no longer be signed: its booking was cancelled (by the client or by her) or declined. */
export type VoidReason = 'cancelled' | 'declined';

/** A contract whose booking is Cancelled or Declined is void; null while the booking is open. */
export function voidReasonOf(status: BookingStatus | null | undefined): VoidReason | null {
  if (status === 'Cancelled') return 'cancelled';
  if (status === 'Declined') return 'declined';
  return null;
}

/** The heading of a void contract's link, and of the answer to a POST that tries to sign it (409). */
export const CONTRACT_VOID_TITLE = 'This contract can no longer be signed';

/** Why, under that heading. */
export const contractVoidMessage = (reason: VoidReason) => `This contract is void because the booking was ${reason}.`;

/** The signing form's refusal of a name that is not the client's (a field error on the name). */
export const signerNameMismatchMessage = (clientName: string) =>
  `This is not the client’s name. Type the name on the booking, ${clientName}, or tick “I am signing on behalf of ` +
  `${clientName}” and add your role.`;

export const SIGNER_ROLE_REQUIRED = 'Type your role or title, for example Assistant or Marketing manager.';

/** The on-behalf checkbox's words on the signing page. */
export const onBehalfLabel = (clientName: string) => `I am signing on behalf of ${clientName}`;

/** How the signed PDF's signature block and the audit trail name a signer. */
export interface ContractSigner {
  /** The name the signer typed: the client's own, or their own when signing on the client's behalf. */
  name: string;
  /** Their role or title; null when the client signed themself. */
  role: string | null;
  /** The client they sign for; null when the client signed themself. */
  onBehalfOf: string | null;
}

/** "Signed by Sam Park, Assistant, on behalf of Jordan Lee", or "Signed by Jordan Lee". */
export function signedByLine(signer: ContractSigner): string {
  return signer.onBehalfOf
    ? `Signed by ${signer.name}, ${signer.role ?? ''}, on behalf of ${signer.onBehalfOf}`
    : `Signed by ${signer.name}`;
}
