// Service contract terms (docs/product.md §9). buildContract returns plain data; whoever renders it escapes it (escapeHtml for
// the print window), so a client name can never become markup.
import { format, parseISO } from 'date-fns';
import { PAYMENT_TBD } from '../messages';
import { addCalendarDays, isIsoDate } from './availability';
import {
  CONTRACT_CONFIDENTIALITY_YEARS,
  CONTRACT_DEFAULT_GOVERNING_LAW,
  CONTRACT_DEFAULT_TIMELINE_WEEKS,
  CONTRACT_LATE_INTEREST_MONTHLY_PERCENT,
  CONTRACT_MILESTONE_FRACTIONS,
  CONTRACT_PAYMENT_DUE_DAYS,
  CONTRACT_TERMINATION_NOTICE_DAYS,
} from './constants';
import type { BookingRequest, ContractForm, IsoDate } from './types';

export type ContractVariant = 'modeling' | 'ugc';

export interface ContractParty {
  role: string;
  name: string;
}

export interface ContractSection {
  heading: string;
  paragraphs: string[];
}

export interface ContractMilestone {
  label: string;
  date: IsoDate;
}

export interface ContractDocument {
  title: string;
  variant: ContractVariant;
  parties: ContractParty[];
  sections: ContractSection[];
  milestones: ContractMilestone[];
}

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * 'ugc' for the user-generated content service, else 'modeling'. Accepts the service id or its display name
 * ('User-Generated Content', 'UGC'), since the contract form's service type is free text the admin may edit.
 */
export function contractVariantFor(serviceId: string): ContractVariant {
  const key = normalise(serviceId);
  return key === 'ugc' || key.includes('usergeneratedcontent') ? 'ugc' : 'modeling';
}

/** Whole weeks from the form, or the default 4 when the text is not a positive whole number. */
export function timelineWeeksOf(timeline: string): number {
  const text = timeline.trim();
  const weeks = /^\d+$/.test(text) ? Number(text) : 0;
  return weeks > 0 ? weeks : Number(CONTRACT_DEFAULT_TIMELINE_WEEKS);
}

/** The milestone dates at 25%, 75% and 100% of the timeline, each rounded to the nearest day (halves round up). */
export function milestoneDates(effectiveDate: IsoDate, timelineWeeks: string): [IsoDate, IsoDate, IsoDate] {
  const totalDays = timelineWeeksOf(timelineWeeks) * 7;
  const at = (fraction: number) => addCalendarDays(effectiveDate, Math.round(totalDays * fraction));
  const [first, second, last] = CONTRACT_MILESTONE_FRACTIONS;
  return [at(first), at(second), at(last)];
}

/** The contract form prefilled from a booking; without one only the defaults are set. */
export function defaultContractForm(booking: BookingRequest | null, modelName: string, today: IsoDate): ContractForm {
  return {
    clientName: booking?.name ?? '',
    modelName,
    effectiveDate: today,
    // The display name reads well in the contract; contractVariantFor understands it as well as the id.
    serviceType: booking ? booking.service || booking.serviceId : '',
    timeline: CONTRACT_DEFAULT_TIMELINE_WEEKS,
    governingLaw: CONTRACT_DEFAULT_GOVERNING_LAW,
  };
}

const BLANK = '____________________';
const orBlank = (s: string) => (s.trim() === '' ? BLANK : s.trim());
const longDate = (date: IsoDate) => format(parseISO(date), 'MMMM d, yyyy');

function scopeSection(variant: ContractVariant, serviceType: string, provider: string): ContractSection {
  if (variant === 'modeling') {
    return {
      heading: 'Scope of Services',
      paragraphs: [
        `Shoots: The Model will provide modeling services for ${serviceType}, appearing at the photo and video shoots agreed with the Client, at the dates, times and locations confirmed in writing.`,
        'Usage: The Client may use the resulting images and footage only for the media, territory and duration agreed in writing. Any other use, including paid advertising not agreed in advance, requires the Model’s written consent and may carry an additional fee.',
        'Wardrobe and Styling: The Client provides wardrobe, hair, makeup and styling unless agreed otherwise in writing. The Model may decline wardrobe or styling that was not agreed before the shoot.',
      ],
    };
  }
  return {
    heading: 'Scope of Services',
    paragraphs: [
      `Deliverables: The ${provider} will create user-generated content for ${serviceType}: the photos and videos, in the number, formats and lengths listed in the selected package, delivered on the milestone dates below.`,
      'Revisions: The revision rounds listed in the selected package are included when requested in writing. Further revisions, or changes to an approved brief, are billed separately.',
      'Content Licensing and Usage Rights: On full payment the Client receives a non-exclusive licence to use the content on the channels and for the term agreed in writing. Paid advertising (whitelisting), exclusivity or a longer term require a separate written agreement. The Creator keeps the copyright and may show the content in the Creator’s portfolio.',
    ],
  };
}

/** The contract text for the form, as plain data. Throws a RangeError when the effective date is not a real date. */
export function buildContract(
  form: ContractForm,
  options: { paymentSchedule: string; variant?: ContractVariant },
): ContractDocument {
  if (!isIsoDate(form.effectiveDate)) throw new RangeError(`Not a calendar date: ${form.effectiveDate}`);
  const variant = options.variant ?? contractVariantFor(form.serviceType);
  const provider = variant === 'ugc' ? 'Creator' : 'Model';
  const client = orBlank(form.clientName);
  const model = orBlank(form.modelName);
  const serviceType = form.serviceType.trim() || (variant === 'ugc' ? 'user-generated content' : 'modeling');
  const governingLaw = form.governingLaw.trim() || CONTRACT_DEFAULT_GOVERNING_LAW;
  const paymentSchedule = options.paymentSchedule.trim() || PAYMENT_TBD;
  const weeks = timelineWeeksOf(form.timeline);
  const title = variant === 'ugc' ? 'User-Generated Content Services Agreement' : 'Modeling Services Agreement';

  const [first, second, last] = milestoneDates(form.effectiveDate, form.timeline);
  const milestones: ContractMilestone[] = [
    { label: 'First milestone (25% of the timeline)', date: first },
    { label: 'Second milestone (75% of the timeline)', date: second },
    { label: 'Completion (end of the timeline)', date: last },
  ];

  const sections: ContractSection[] = [
    {
      heading: 'Parties',
      paragraphs: [
        `This ${title} (the “Agreement”) is made as of ${longDate(form.effectiveDate)} (the “Effective Date”) between ${model} (the “${provider}”) and ${client} (the “Client”).`,
      ],
    },
    scopeSection(variant, serviceType, provider),
    {
      heading: 'Timeline and Milestones',
      paragraphs: [
        `The project runs for ${weeks} ${weeks === 1 ? 'week' : 'weeks'} from the Effective Date.`,
        ...milestones.map((m) => `${m.label}: ${longDate(m.date)}.`),
      ],
    },
    {
      heading: 'Compensation and Payment',
      paragraphs: [
        `Payment schedule: ${paymentSchedule}.`,
        `Payment is due within ${CONTRACT_PAYMENT_DUE_DAYS} days of invoice.`,
        `Late payments accrue interest at ${CONTRACT_LATE_INTEREST_MONTHLY_PERCENT}% monthly on the unpaid amount until paid.`,
      ],
    },
    {
      heading: 'Confidentiality',
      paragraphs: [
        `Each party keeps the other’s non-public business information, including unreleased products, campaigns and pricing, confidential. This obligation survives for ${CONTRACT_CONFIDENTIALITY_YEARS} years after termination of this Agreement.`,
      ],
    },
    {
      heading: 'Termination',
      paragraphs: [
        `Either party may terminate this Agreement on ${CONTRACT_TERMINATION_NOTICE_DAYS} days written notice to the other party. The Client pays for all services performed up to the termination date.`,
      ],
    },
    {
      heading: 'Governing Law and Disputes',
      paragraphs: [
        `This Agreement is governed by the laws of the State of ${governingLaw}. Any dispute arising from it shall be settled by binding arbitration in the State of ${governingLaw}.`,
      ],
    },
  ];

  return {
    title,
    variant,
    parties: [
      { role: provider, name: model },
      { role: 'Client', name: client },
    ],
    sections,
    milestones,
  };
}

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(s: string): string {
  // '&' first, so the entities added after it are not escaped twice.
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
