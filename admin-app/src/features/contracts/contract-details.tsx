// The contract dialog's read-only parts: the deal from the booking and a version's audit trail.
import { format, parseISO } from 'date-fns';
import { isIsoDate, type ContractForm } from '@studio/shared/domain';
import {
  contractTimeline,
  paymentTermsText,
  pricedLineText,
  quoteOfDeal,
  type ContractDeal,
  type ContractRecord,
} from '@studio/shared/domain/contract';
import { formatInstant, studioClockOf } from '@studio/shared/domain/studio-time';
import { contractMessages } from './messages';

const m = contractMessages;

const longDay = (d: string) => (isIsoDate(d) ? format(parseISO(d), 'MMM d, yyyy') : m.tbd);
/**
 * A moment of the contract's life (sent, link expiry, signed, an audit event) in the studio's zone, written as the
 * client's mail writes it: the link's expiry reads the same day on the dashboard and in her mail.
 */
export const contractMoment = (ts: string) => formatInstant(ts, studioClockOf().timeZone);

/** The deal as the server reads it from the booking, with the contract's milestones (the job's, or the form's weeks). */
export function DealSummary({ deal, form }: { deal: ContractDeal; form: ContractForm }) {
  const milestones = isIsoDate(form.effectiveDate) ? contractTimeline(form, deal).milestones : null;
  const consultation =
    deal.consultationDate === '' && deal.consultationLocation === ''
      ? m.noneScheduled
      : `${longDay(deal.consultationDate)}${deal.consultationTime ? `, ${deal.consultationTime}` : ''} · ${deal.consultationLocation || m.tbd}`;
  // With a quote, its priced lines and payment terms: the contract's own words.
  const quote = quoteOfDeal(deal);
  const rows: Array<[string, string]> = [
    [
      m.dealFields.fee,
      quote
        ? `${quote.lines.map(pricedLineText).join('; ')} (quote version ${deal.quote!.version})`
        : deal.fee || m.tbd,
    ],
    [
      m.paymentSchedule,
      quote ? paymentTermsText(quote, deal.quote!.input.balanceDueDaysBefore).join(' ') : deal.paymentSchedule || m.tbd,
    ],
    [m.dealFields.package, deal.packageName || m.tbd],
    [m.dealFields.included, deal.inclusions.length ? deal.inclusions.join('; ') : m.asAgreed],
    [
      m.dealFields.shoot,
      `${longDay(deal.shootDate)}${deal.shootEndDate ? ` – ${longDay(deal.shootEndDate)}` : ''}${deal.shootTime ? `, ${deal.shootTime}` : ''} · ${deal.shootLocation || m.tbd}`,
    ],
    [m.dealFields.consultation, consultation],
    [m.dealFields.client, [deal.client.email, deal.client.phone].filter(Boolean).join(' · ') || m.tbd],
  ];
  if (milestones) rows.push([m.milestones, milestones.map((d) => longDay(d)).join(' · ')]);
  return (
    <section aria-label={m.deal}>
      <h3 className="contract-subheading">{m.deal}</h3>
      <dl className="contract-summary">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The line under a signed version's status: who signed and when, and, for a signature made on the client's behalf,
 * for whom and in what role (from the audit trail's signed event), so it never reads as if the client signed.
 */
export function signedNoteOf(contract: ContractRecord): string | null {
  if (contract.status !== 'signed' || !contract.signerName || !contract.signedAt) return null;
  const signed = [...contract.events].reverse().find((e) => e.type === 'signed');
  const at = contractMoment(contract.signedAt);
  return signed?.onBehalfOf
    ? m.signedOnBehalfNote(contract.signerName, signed.onBehalfOf, signed.role ?? '', at)
    : m.signedNote(contract.signerName, at);
}

/** Who did what to this version and when (created, sent, viewed, signed), from the server's audit trail. */
export function AuditTrail({ contract }: { contract: ContractRecord }) {
  return (
    <details className="contract-audit">
      <summary>{m.audit}</summary>
      <ol>
        {contract.events.map((e, i) => (
          <li key={i}>
            <strong>{e.onBehalfOf ? m.auditSignedOnBehalf : m.auditEvent[e.type]}</strong> · {contractMoment(e.at)} ·{' '}
            {e.onBehalfOf ? m.auditOnBehalfActor(e.actor, e.role ?? '', e.onBehalfOf) : e.actor}
            {e.ip ? ` · ${e.ip}` : ''}
            {e.userAgent ? <span className="muted"> · {e.userAgent}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
