// Service contract terms (docs/product.md §9): buildContract writes the contract for the form she fills in and the
// deal it carries as plain data, in the wording of the booked service's contract template (modeling: "the Model"; UGC
// and content: "the Creator"; event: "the Talent"), each term defined where the parties are named. Whoever renders it
// escapes it (escapeHtml for the print window), so a client name can never become markup. This module is also the
// entry @studio/shared/domain/contract: it re-exports the deal (contract-deal.ts), the stored contracts
// (contract-records.ts) and the quote's terms in words (quote-terms.ts).
import { PAYMENT_TBD } from '../messages';
import { addCalendarDays, isIsoDate } from './availability';
import { escapeHtml } from './escape-html';
import {
  CONTRACT_CONFIDENTIALITY_YEARS,
  CONTRACT_DEFAULT_GOVERNING_LAW,
  CONTRACT_DEFAULT_TIMELINE_WEEKS,
  CONTRACT_LATE_INTEREST_MONTHLY_PERCENT,
  CONTRACT_MILESTONE_FRACTIONS,
  CONTRACT_PAYMENT_DUE_DAYS,
  CONTRACT_TERMINATION_NOTICE_DAYS,
} from './constants';
import { quoteOfDeal, type ContractContact, type ContractDeal } from './contract-deal';
import type { ContractForm } from './contract-records';
import { cancellationTermsText, usageTermsText, type Quote } from './quote';
import { longDate, paymentTermsText, pricedLineText } from './quote-terms';
import type { BookingRequest } from './booking-types';
import type { IsoDate } from './date-types';
import type { ContractTemplate } from './service-types';

export {
  contractDealOf,
  EMPTY_CONTRACT_DEAL,
  quoteOfDeal,
  type ContractContact,
  type ContractDeal,
  type ContractQuote,
} from './contract-deal';
export {
  CONTRACT_LINK_DAYS,
  CONTRACT_PAPER_SIZES,
  CONTRACT_STATUSES,
  latestContractStatus,
  type BookingContracts,
  type ContractEvent,
  type ContractInput,
  type ContractPaperSize,
  type ContractRecord,
  type ContractStatus,
} from './contract-records';
export { balanceDueWords, longDate, paymentTermsText, pricedLineText } from './quote-terms';

/** The contract's wording: its service's template (the form's service type decides only for a contract made before). */
export type ContractVariant = ContractTemplate;

/** Each template's words: the term for her, the title, the service named when the form names none, day and place. */
const WORDS: Readonly<
  Record<ContractVariant, { provider: string; title: string; service: string; day: string; place: string }>
> = {
  modeling: {
    provider: 'Model',
    title: 'Modeling Services Agreement',
    service: 'Modeling',
    day: 'Shoot date',
    place: 'Shoot location',
  },
  ugc: {
    provider: 'Creator',
    title: 'User-Generated Content Services Agreement',
    service: 'User-Generated Content',
    day: 'Filming date',
    place: 'Filming location',
  },
  event: {
    provider: 'Talent',
    title: 'Event Appearance Agreement',
    service: 'Event',
    day: 'Event date',
    place: 'Event location',
  },
};

export interface ContractParty {
  role: string;
  name: string;
  /** E-mail and phone, comma separated; empty when unknown. */
  contact: string;
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
 * The variant of a contract made before services named their template (its deal's template is null): 'ugc' when the
 * form's service type (free text she could edit) reads as user-generated content, else 'modeling', as such a contract
 * was written then. A contract made since takes its service's template, whatever the service is called.
 */
export function contractVariantFor(serviceId: string): 'modeling' | 'ugc' {
  const key = normalise(serviceId);
  return key === 'ugc' || key.includes('usergeneratedcontent') ? 'ugc' : 'modeling';
}

/** Whole weeks from the form, or the default 4 when the text is not a positive whole number. */
export function timelineWeeksOf(timeline: string): number {
  const text = timeline.trim();
  const weeks = /^\d+$/.test(text) ? Number(text) : 0;
  return weeks > 0 ? weeks : Number(CONTRACT_DEFAULT_TIMELINE_WEEKS);
}

/** The dates at 25%, 75% and 100% of `totalDays` from `start`, each rounded to the nearest day (halves round up). */
function milestonesOver(start: IsoDate, totalDays: number): [IsoDate, IsoDate, IsoDate] {
  const at = (fraction: number) => addCalendarDays(start, Math.round(totalDays * fraction));
  const [first, second, last] = CONTRACT_MILESTONE_FRACTIONS;
  return [at(first), at(second), at(last)];
}

/** The milestone dates at 25%, 75% and 100% of a timeline of whole weeks (the form's, default 4). */
export function milestoneDates(effectiveDate: IsoDate, timelineWeeks: string): [IsoDate, IsoDate, IsoDate] {
  return milestonesOver(effectiveDate, timelineWeeksOf(timelineWeeks) * 7);
}

const daysBetween = (from: IsoDate, to: IsoDate) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The contract's timeline, proportional to the job: from the Effective Date to the booked job's last day when the
 * deal has one after it (a one-day shoot in ten days runs ten days, its milestones before it, not weeks after), else
 * the form's weeks (default 4). A contract made before templates keeps the form's weeks, as it was written.
 */
export function contractTimeline(
  form: Pick<ContractForm, 'effectiveDate' | 'timeline'>,
  deal: Pick<ContractDeal, 'template' | 'shootDate' | 'shootEndDate'>,
): { end: IsoDate | null; days: number; milestones: [IsoDate, IsoDate, IsoDate] } {
  const last = isIsoDate(deal.shootEndDate) ? deal.shootEndDate : deal.shootDate;
  if (deal.template !== null && isIsoDate(last) && isIsoDate(form.effectiveDate) && last > form.effectiveDate) {
    const days = daysBetween(form.effectiveDate, last);
    return { end: last, days, milestones: milestonesOver(form.effectiveDate, days) };
  }
  const days = timelineWeeksOf(form.timeline) * 7;
  return { end: null, days, milestones: milestoneDates(form.effectiveDate, form.timeline) };
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
const orTbd = (s: string) => (s.trim() === '' ? PAYMENT_TBD : s.trim());
const dateOrTbd = (date: IsoDate | '') => (isIsoDate(date) ? longDate(date) : PAYMENT_TBD);
/** 'March 20, 2026', 'March 20, 2026 to March 22, 2026', with ', 10:00 to 12:00' for a booked slot. */
export function whenText(date: IsoDate | '', time: string, endDate: IsoDate | '' = ''): string {
  const days = isIsoDate(endDate) && endDate !== date ? `${dateOrTbd(date)} to ${longDate(endDate)}` : dateOrTbd(date);
  return time.trim() === '' || !isIsoDate(date) ? days : `${days}, ${time.trim().replace('-', ' to ')}`;
}

const contactText = (c: ContractContact) => [c.email, c.phone].filter((s) => s !== '').join(', ');

// The service names that only repeat the variant ('Photoshoot' for modeling, 'User-Generated Content' for UGC): the
// scope then speaks of "the Client’s photoshoot" or "content for the Client’s brand" instead of naming the service twice.
const GENERIC_MODELING = new Set(['', 'modeling', 'modelling', 'photoshoot', 'photoshoots', 'others', 'other']);
const GENERIC_UGC = new Set(['', 'ugc', 'usergeneratedcontent']);

function scopeSection(variant: ContractVariant, serviceType: string, deal: ContractDeal): ContractSection {
  const pkg = deal.packageName === '' ? '' : ` under the ${deal.packageName} package`;
  const included =
    deal.inclusions.length > 0
      ? `The package includes: ${deal.inclusions.join('; ')}.`
      : 'The package’s contents are as agreed in writing.';
  const brief = deal.brief === '' ? [] : [`Brief: ${deal.brief}`];
  if (variant === 'event') {
    return {
      heading: 'Scope of Services',
      paragraphs: [
        `Appearance: The Talent will appear at the Client’s event${pkg}, on the date and at the location stated under “The Booking” below, for the hours the package includes or the parties agree in writing. ${included}`,
        ...brief,
        'Briefing and Conduct: The Client briefs the Talent on the brand, its products and its key messages before the event, and provides a place to change, reasonable breaks and drinking water during it. The Talent may decline any task that was not agreed before the event.',
        ...(deal.quote
          ? []
          : [
              'Photographs and Footage: The Client may use photographs and footage of the Talent taken at the event only for the media, territory and duration agreed in writing. Any other use, including paid advertising not agreed in advance, requires the Talent’s written consent and may carry an additional fee.',
            ]),
      ],
    };
  }
  if (variant === 'modeling') {
    const what = GENERIC_MODELING.has(normalise(serviceType))
      ? 'the Client’s photoshoot'
      : `the Client’s ${serviceType} project`;
    return {
      heading: 'Scope of Services',
      paragraphs: [
        `Shoots: The Model will model for ${what}${pkg}, appearing at the shoot on the date and at the location stated under “The Booking” below, and at any further shoot the parties agree in writing. ${included}`,
        ...brief,
        // With a quote, its "Usage and Licensing" section states the rights agreed.
        ...(deal.quote
          ? []
          : [
              'Usage: The Client may use the resulting images and footage only for the media, territory and duration agreed in writing. Any other use, including paid advertising not agreed in advance, requires the Model’s written consent and may carry an additional fee.',
            ]),
        'Wardrobe and Styling: The Client provides wardrobe, hair, makeup and styling unless agreed otherwise in writing. The Model may decline wardrobe or styling that was not agreed before the shoot.',
      ],
    };
  }
  const forWhat = GENERIC_UGC.has(normalise(serviceType))
    ? 'for the Client’s brand'
    : `for the Client’s ${serviceType} campaign`;
  return {
    heading: 'Scope of Services',
    paragraphs: [
      `Deliverables: The Creator will film, photograph and edit user-generated content ${forWhat}${pkg}, delivered by the milestone dates below. ${included}`,
      ...brief,
      'Revisions: The revision rounds the package includes are made when requested in writing. Further revisions, or changes to an approved brief, are billed separately.',
      ...(deal.quote
        ? []
        : [
            'Content Licensing and Usage Rights: On full payment the Client receives a non-exclusive licence to use the content on the channels and for the term agreed in writing. Paid advertising (whitelisting), exclusivity or a longer term require a separate written agreement. The Creator keeps the copyright and may show the content in the Creator’s portfolio.',
          ]),
    ],
  };
}

function bookingSection(variant: ContractVariant, serviceType: string, deal: ContractDeal): ContractSection {
  const { day: shoot, place: where } = WORDS[variant];
  const consultation =
    deal.consultationDate === '' && deal.consultationLocation === ''
      ? 'Consultation: none scheduled.'
      : `Consultation: ${whenText(deal.consultationDate, deal.consultationTime)}, ${deal.consultationLocation === '' ? `location ${PAYMENT_TBD}` : deal.consultationLocation}.`;
  return {
    heading: 'The Booking',
    paragraphs: [
      `Service: ${serviceType}.`,
      `Package: ${orTbd(deal.packageName)}.`,
      `Included: ${deal.inclusions.length > 0 ? deal.inclusions.join('; ') : 'as agreed in writing'}.`,
      `${shoot}: ${whenText(deal.shootDate, deal.shootTime, deal.shootEndDate)}.`,
      `${where}: ${orTbd(deal.shootLocation)}.`,
      consultation,
    ],
  };
}

/** A contract without a quote (made before contracts carried one): the fee and schedule in words, as they were. */
function compensationInWords(deal: ContractDeal, paymentSchedule: string): ContractSection {
  return {
    heading: 'Compensation and Payment',
    paragraphs: [
      `Fee: ${orTbd(deal.fee)}${deal.packageName === '' ? '' : ` for the ${deal.packageName} package`}.`,
      `Payment schedule: ${paymentSchedule}.`,
      `Payment is due within ${CONTRACT_PAYMENT_DUE_DAYS} days of invoice.`,
      `Late payments accrue interest at ${CONTRACT_LATE_INTEREST_MONTHLY_PERCENT}% monthly on the unpaid amount until paid.`,
    ],
  };
}

/** What the client may do with the content when the quote sells no usage rights (docs/product.md, "Quotes"). */
export const ORGANIC_USAGE_ONLY =
  'Usage: the Client may post the content organically on the Client’s own channels only. Paid advertising, whitelisting and exclusivity are not included; each needs a written addition with its own fee.';

/** The sections a quote adds: the fee table and payment, usage and licensing, cancellation. */
function quoteSections(variant: ContractVariant, deal: ContractDeal, quote: Quote): ContractSection[] {
  const input = deal.quote!.input;
  const owner = WORDS[variant].provider;
  // A contract made before templates named the Creator in these lines whatever its variant: it keeps its words.
  const usage = usageTermsText(input, deal.template === null ? 'Creator' : owner);
  return [
    {
      heading: 'Fees and Payment',
      paragraphs: [
        ...quote.lines.map((line) => `${pricedLineText(line)}.`),
        ...paymentTermsText(quote, input.balanceDueDaysBefore),
        `Invoice ${deal.quote!.invoiceNumber} (on the Client’s booking page) lists these amounts.`,
        `Payment is due within ${CONTRACT_PAYMENT_DUE_DAYS} days of invoice.`,
        `Late payments accrue interest at ${CONTRACT_LATE_INTEREST_MONTHLY_PERCENT}% monthly on the unpaid amount until paid.`,
      ],
    },
    {
      heading: 'Usage and Licensing',
      paragraphs: [
        ...(usage.length > 0 ? usage : [ORGANIC_USAGE_ONLY]),
        `These rights are granted once the total is paid. Any use beyond them needs the ${owner}’s written consent and may carry a further fee. The ${owner} keeps the copyright and may show the work in the ${owner}’s portfolio.`,
      ],
    },
    { heading: 'Cancellation', paragraphs: cancellationTermsText(quote) },
  ];
}

/** The contract text for the form and the deal, as plain data. Throws a RangeError when the effective date is not a real date. */
export function buildContract(
  form: ContractForm,
  options: { deal: ContractDeal; variant?: ContractVariant },
): ContractDocument {
  if (!isIsoDate(form.effectiveDate)) throw new RangeError(`Not a calendar date: ${form.effectiveDate}`);
  const { deal } = options;
  const variant = options.variant ?? deal.template ?? contractVariantFor(form.serviceType);
  const { provider, title } = WORDS[variant];
  const client = orBlank(form.clientName);
  const model = orBlank(form.modelName);
  const serviceType = form.serviceType.trim() || WORDS[variant].service;
  const governingLaw = form.governingLaw.trim() || CONTRACT_DEFAULT_GOVERNING_LAW;
  const paymentSchedule = orTbd(deal.paymentSchedule);
  const timeline = contractTimeline(form, deal);
  const weeks = timelineWeeksOf(form.timeline);

  const [first, second, last] = timeline.milestones;
  const milestones: ContractMilestone[] = [
    { label: 'First milestone (25% of the timeline)', date: first },
    { label: 'Second milestone (75% of the timeline)', date: second },
    { label: 'Completion (end of the timeline)', date: last },
  ];
  const quote = quoteOfDeal(deal);
  const reach = (c: ContractContact) => (contactText(c) === '' ? '' : `, reachable at ${contactText(c)}`);

  const sections: ContractSection[] = [
    {
      heading: 'Parties',
      paragraphs: [
        `This ${title} (the “Agreement”) is made as of ${longDate(form.effectiveDate)} (the “Effective Date”) between ${model} (the “${provider}”)${reach(deal.provider)}, and ${client} (the “Client”)${reach(deal.client)}.`,
      ],
    },
    scopeSection(variant, serviceType, deal),
    bookingSection(variant, serviceType, deal),
    {
      heading: 'Timeline and Milestones',
      paragraphs: [
        timeline.end === null
          ? `The project runs for ${weeks} ${weeks === 1 ? 'week' : 'weeks'} from the Effective Date.`
          : `The project runs from the Effective Date to ${longDate(timeline.end)}, the last booked day (${timeline.days} ${timeline.days === 1 ? 'day' : 'days'}).`,
        ...milestones.map((m) => `${m.label}: ${longDate(m.date)}.`),
      ],
    },
    ...(quote ? quoteSections(variant, deal, quote) : [compensationInWords(deal, paymentSchedule)]),
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
      { role: provider, name: model, contact: contactText(deal.provider) },
      { role: 'Client', name: client, contact: contactText(deal.client) },
    ],
    sections,
    milestones,
  };
}

/** The contract as one plain text, in reading order: what the document hash is taken over. */
export function contractPlainText(contract: ContractDocument): string {
  return [
    contract.title,
    ...contract.sections.flatMap((s) => [s.heading, ...s.paragraphs]),
    ...contract.parties.map((p) => `${p.role}: ${p.name}${p.contact === '' ? '' : ` (${p.contact})`}`),
  ].join('\n');
}

export { escapeHtml };

/** The contract's title and sections as HTML, every text escaped: the print window and the signing page both use it. */
export function contractSectionsHtml(contract: ContractDocument): string {
  const e = escapeHtml;
  return [
    `<h1>${e(contract.title)}</h1>`,
    ...contract.sections.map(
      (s) => `<section><h2>${e(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${e(p)}</p>`).join('')}</section>`,
    ),
  ].join('\n');
}
