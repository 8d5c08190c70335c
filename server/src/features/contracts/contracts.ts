// Contracts sent for e-signature: what the admin routes and the signing page share. The deal comes from the
// booking as stored (never from the browser), the document text from the shared domain, the PDF from contract-pdf.
import { randomBytes } from 'node:crypto';
import {
  CONTRACT_LINK_DAYS,
  buildContract,
  contractDealOf,
  contractPlainText,
  type ContractDeal,
  type ContractDocument,
  type ContractEvent,
  type ContractQuote,
  type ContractRecord,
} from '@studio/shared/domain/contract';
import { rulesOf, type BookingRequest } from '@studio/shared/domain';
import { bookedOnOf } from '@studio/shared/domain/deal-terms';
import { signedByLine, type ContractSigner } from '@studio/shared/domain/contract-signer';
import { formatInstant } from '@studio/shared/domain/studio-time';
import { replyingToHer, type Mailer } from '../messaging';
import type { ContractPdfInput } from './contract-pdf';
import type { SiteIdentity, ContentStore } from '../content';
import { sha256Hex } from '../../platform/hash';

// The PDF library and its font engine are loaded when the first PDF is drawn, not at start: evaluated, they hold
// about 45 MB of the server's memory (measured with `node -e "require('@pdf-lib/fontkit')"`), for a page she opens
// now and then.
const renderContractPdf = async (input: ContractPdfInput): Promise<Uint8Array> =>
  (await import('./contract-pdf')).renderContractPdf(input);

export const CONTRACT_LINK_MS = CONTRACT_LINK_DAYS * 24 * 60 * 60 * 1000;

/** A signing link's secret: 32 random bytes, base64url (43 characters). Only its SHA-256 is stored. */
export const newSigningToken = () => randomBytes(32).toString('base64url');

export const signingPath = (token: string) => `/contracts/sign/${token}`;

/** What the storage keeps of a signing link's secret, and looks it up by. */
export const signingTokenHash = (token: string) => sha256Hex(token);

/**
 * The deal a new contract for the booking carries: its tier's price and inclusions, its service's contract template
 * (the modeling one when the service is gone), its dates, places and contacts, and its quote as it stands
 * (features/deal/quotes.ts). She is reached at her public e-mail and phone (Site details), never at her sign-in
 * address.
 */
export async function dealForBooking(
  booking: BookingRequest,
  content: ContentStore,
  identity: SiteIdentity,
  quote: ContractQuote | null,
  timeZone: string,
): Promise<ContractDeal> {
  const service = await content.findService(booking.serviceId);
  return contractDealOf(
    booking,
    {
      tier: service?.tiers.find((t) => t.id === booking.serviceTierId),
      template: rulesOf(service).contractTemplate,
      bookedOn: bookedOnOf(booking, timeZone),
    },
    { email: identity.email, phone: identity.phone },
    quote,
  );
}

/** How she appears in a contract's audit trail: her public e-mail, else her name (never her sign-in address). */
export const providerActorOf = (identity: SiteIdentity) => identity.email || identity.name;

/** The document a stored contract stands for: its form and its deal (the variant follows the form's service type). */
export function documentOf(record: ContractRecord): ContractDocument {
  return buildContract(record.form, { deal: record.deal });
}

/** The unsigned PDF (a draft, or one awaiting her signature). */
export function draftPdf(record: ContractRecord, document: ContractDocument): Promise<Uint8Array> {
  return renderContractPdf({ contract: document, paperSize: record.paperSize, createdAt: new Date(record.updatedAt) });
}

/** The signed PDF, with both signatures, the document hash and the audit trail ending with her signature. */
export function signedPdf(
  record: ContractRecord,
  document: ContractDocument,
  signature: { signer: ContractSigner; at: string; documentHash: string; events: ContractEvent[] },
): Promise<Uint8Array> {
  return renderContractPdf({
    contract: document,
    paperSize: record.paperSize,
    createdAt: new Date(signature.at),
    signatures: {
      provider: { name: record.form.modelName, at: record.sentAt ?? signature.at },
      client: { ...signature.signer, at: signature.at },
      documentHash: signature.documentHash,
      contractId: record.id,
      version: record.version,
      events: signature.events,
    },
  });
}

/** The SHA-256 of the agreement's text: what she reviewed and signed. */
export const documentHashOf = (document: ContractDocument) => sha256Hex(contractPlainText(document));

export function signingRequestMail(
  record: ContractRecord,
  document: ContractDocument,
  booking: BookingRequest,
  link: string,
  expiresAt: string,
  modelName: string,
  timeZone: string,
) {
  // In the studio's zone, as the dashboard and the signing page write it: one day everywhere.
  const until = formatInstant(expiresAt, timeZone);
  return {
    to: booking.email,
    subject: `Please review and sign: ${document.title}`,
    text:
      `Hi ${booking.name},\n\n${modelName} has sent you the ${document.title} for your ${booking.service} booking ` +
      `(version ${record.version}). Please review it and sign it online here:\n\n${link}\n\n` +
      `The link is yours alone and works until ${until} (${CONTRACT_LINK_DAYS} days). If you did not expect this ` +
      `message, you can ignore it.\n\n${modelName}`,
  };
}

export function signedMail(
  to: string,
  record: ContractRecord,
  document: ContractDocument,
  pdf: Uint8Array,
  timeZone: string,
) {
  // A signature on the client's behalf names the signer's role and the client, as the PDF does.
  const signature = record.events.findLast((e) => e.type === 'signed');
  const by = signedByLine({
    name: record.signerName ?? '',
    role: signature?.role ?? null,
    onBehalfOf: signature?.onBehalfOf ?? null,
  });
  return {
    to,
    subject: `Signed: ${document.title}`,
    text:
      `The ${document.title} (version ${record.version}) was s${by.slice(1)} on ` +
      `${record.signedAt ? formatInstant(record.signedAt, timeZone) : ''}. The signed PDF is attached; its last page is the audit trail.\n\n` +
      `Document SHA-256: ${record.documentHash}\nPDF SHA-256: ${record.signedPdfHash}\n`,
    attachments: [
      {
        filename: `contract-v${record.version}-signed.pdf`,
        contentType: 'application/pdf',
        content: Buffer.from(pdf),
      },
    ],
  };
}

/**
 * Sends the signed copy to both parties; a failure is logged by the caller, never undoes the signature. The client's
 * copy is answered to her public address (`client`: the client's address and hers, Site details' `email`).
 */
export async function mailSignedCopies(
  mailer: Mailer,
  record: ContractRecord,
  document: ContractDocument,
  pdf: Uint8Array,
  recipients: string[],
  timeZone: string,
  client: { email: string; publicEmail: string },
) {
  return Promise.allSettled(
    recipients.map((to) => {
      const mail = signedMail(to, record, document, pdf, timeZone);
      return mailer.send(to === client.email ? replyingToHer(mail, client.publicEmail) : mail);
    }),
  );
}
