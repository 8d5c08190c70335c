// The contract schemas, apart from the entity schemas every page loads: only the admin's contract dialog
// and the server use them. Text is not refused for looking like markup: a contract prints what was typed, escaped by
// whoever renders it (HTML and PDF alike).
import { z } from './zod';
import type { ContractDeal } from '../domain/contract-deal';
import { CONTRACT_TEMPLATES } from '../domain/service-types';
import {
  CONTRACT_PAPER_SIZES,
  CONTRACT_STATUSES,
  type BookingContracts,
  type ContractEvent,
  type ContractForm,
  type ContractInput,
  type ContractRecord,
} from '../domain/contract-records';
import { CONTRACT_TIMELINE_WEEKS as WEEKS, LIMITS } from '../domain/constants';
import { SIGNER_ROLE_REQUIRED, isClientName, signerNameMismatchMessage } from '../domain/contract-signer';
import { isoDate, line, optionalIsoDate, printedName, TRIM } from './text-rules';
import { storedQuoteInputSchema } from './quotes';

export const contractFormSchema = z.strictObject({
  clientName: line(LIMITS.contractLine, TRIM),
  modelName: line(LIMITS.contractLine, TRIM),
  effectiveDate: isoDate,
  serviceType: line(LIMITS.contractLine, TRIM),
  timeline: z
    .string()
    .trim()
    .refine(
      (s) => /^[1-9]\d*$/.test(s) && Number(s) >= WEEKS.min && Number(s) <= WEEKS.max,
      `Must be a whole number of weeks (${WEEKS.min} to ${WEEKS.max})`,
    ),
  governingLaw: line(LIMITS.governingLaw, TRIM),
}) satisfies z.ZodType<ContractForm, unknown>;

export const contractPaperSize = z.enum(CONTRACT_PAPER_SIZES);

export const contractInputSchema = z.strictObject({
  form: contractFormSchema,
  paperSize: contractPaperSize,
}) satisfies z.ZodType<ContractInput, unknown>;

const contact = z.strictObject({ email: z.string(), phone: z.string() });

export const contractDealSchema = z.strictObject({
  template: z.enum(CONTRACT_TEMPLATES).nullable(),
  bookedOn: optionalIsoDate,
  fee: z.string(),
  paymentSchedule: z.string(),
  packageName: z.string(),
  inclusions: z.array(z.string()),
  shootDate: optionalIsoDate,
  shootEndDate: optionalIsoDate,
  shootTime: z.string(),
  shootLocation: z.string(),
  consultationDate: optionalIsoDate,
  consultationTime: z.string(),
  consultationLocation: z.string(),
  brief: z.string(),
  client: contact,
  provider: contact,
  quote: z
    .strictObject({
      input: storedQuoteInputSchema,
      version: z.number().int(),
      tierName: z.string(),
      invoiceNumber: z.string(),
    })
    .nullable(),
}) satisfies z.ZodType<ContractDeal>;

export const contractEventSchema = z.strictObject({
  type: z.enum(['created', 'edited', 'sent', 'viewed', 'signed']),
  at: z.string(),
  actor: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  role: z.string().optional(),
  onBehalfOf: z.string().optional(),
}) satisfies z.ZodType<ContractEvent>;

// Stored forms are read back by shape (a row written under older rules stays readable).
const storedForm = z.strictObject({
  clientName: z.string(),
  modelName: z.string(),
  effectiveDate: z.string(),
  serviceType: z.string(),
  timeline: z.string(),
  governingLaw: z.string(),
});

export const contractRecordSchema = z.strictObject({
  id: z.string(),
  bookingId: z.string(),
  version: z.number().int(),
  status: z.enum(CONTRACT_STATUSES),
  form: storedForm,
  deal: contractDealSchema,
  paperSize: contractPaperSize,
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  linkExpiresAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  signerName: z.string().nullable(),
  documentHash: z.string().nullable(),
  signedPdfHash: z.string().nullable(),
  events: z.array(contractEventSchema),
}) satisfies z.ZodType<ContractRecord>;

export const bookingContractsSchema = z.strictObject({
  deal: contractDealSchema,
  contracts: z.array(contractRecordSchema),
}) satisfies z.ZodType<BookingContracts>;

/** Each booking's contract state (its latest version's status), for the booking cards. */
export const contractStatesSchema = z.record(z.string(), z.enum(CONTRACT_STATUSES));

/**
 * The signing page's form: the signer's full name, their consent to sign electronically and, when they sign on the
 * client's behalf (the box ticked: `onBehalf` 'yes'), their role or title. A role sent without the box is ignored.
 */
export const contractSignatureSchema = z.strictObject({
  contractId: z.string().min(1).max(100),
  fullName: printedName(120, TRIM).refine((s) => s.length >= 2, { message: 'Type your full name to sign.' }),
  consent: z.literal('yes', { message: 'Tick the box to agree to sign electronically.' }),
  onBehalf: z.literal('yes').optional(),
  role: printedName(LIMITS.contractLine, TRIM).optional(),
});

export type ContractSignatureForm = z.infer<typeof contractSignatureSchema>;

/**
 * The form as the contract's client may sign it: the name typed is the client's (the booking's name, or the
 * client the contract names; contract-signer.ts says what counts as the same name), or the signer ticks "on behalf
 * of" and gives a role. Each refusal is an issue on its field, so the page shows it beside the field.
 */
export function contractSignatureSchemaFor(client: { names: readonly string[]; bookingName: string }) {
  return contractSignatureSchema.superRefine((form, ctx) => {
    if (form.onBehalf === 'yes') {
      if ((form.role ?? '').length < 2) ctx.addIssue({ code: 'custom', path: ['role'], message: SIGNER_ROLE_REQUIRED });
    } else if (!isClientName(form.fullName, client.names)) {
      ctx.addIssue({ code: 'custom', path: ['fullName'], message: signerNameMismatchMessage(client.bookingName) });
    }
  });
}

/** A signing link's token: 32 random bytes as base64url. */
export const contractTokenParamsSchema = z.strictObject({ token: z.string().min(20).max(100) });
