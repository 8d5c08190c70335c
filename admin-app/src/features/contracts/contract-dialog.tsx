// The contract dialog (docs/product.md §3, §9; issue 19). The admin edits the spec's fields (prefilled from the
// booking, the model name from configuration, 4 weeks, Arizona) and the paper size; the deal (fee, package,
// inclusions, dates, places, contacts) comes from the booking through the server. She can print it, save it as a
// draft, open its PDF and, after confirming, send it for signature. The dialog follows the client's view and signature
// live. A signed version is frozen: its fields are read-only, and "New version" starts a new signature round.
import { useEffect, useMemo, useRef, useState } from 'react';
import { format, parseISO } from 'date-fns';
import { BackendError } from '@studio/shared/data';
import { isIsoDate, type BookingRequest, type ContractForm, type IsoDate } from '@studio/shared/domain';
import {
  CONTRACT_PAPER_SIZES,
  buildContract,
  defaultContractForm,
  milestoneDates,
  type ContractDeal,
  type ContractDocument,
  type ContractPaperSize,
  type ContractRecord,
} from '@studio/shared/domain/contract';
import { Modal } from '../../components/modal';
import { messages } from '../../messages';
import { configuredModelName } from './model-name';
import { exportContract } from './contract-html';
import { useBookingContracts } from './api/get-booking-contracts';
import { useContractPdfUrl } from './api/get-contract-pdf-url';
import { useSaveContract } from './api/save-contract';
import { useSendContract } from './api/send-contract';
import './contract-dialog.css';

const m = messages.contract;
const FIELDS: Array<{ key: keyof ContractForm; type: 'text' | 'date' | 'number' }> = [
  { key: 'clientName', type: 'text' },
  { key: 'modelName', type: 'text' },
  { key: 'effectiveDate', type: 'date' },
  { key: 'serviceType', type: 'text' },
  { key: 'timeline', type: 'number' },
  { key: 'governingLaw', type: 'text' },
];

const longDay = (d: string) => (isIsoDate(d) ? format(parseISO(d), 'MMM d, yyyy') : m.tbd);
const moment = (ts: string) => format(new Date(ts), 'MMM d, yyyy, HH:mm');
const sameForm = (a: ContractForm, b: ContractForm) => FIELDS.every(({ key }) => a[key].trim() === b[key].trim());

function DealSummary({ deal, form }: { deal: ContractDeal; form: ContractForm }) {
  const milestones = isIsoDate(form.effectiveDate) ? milestoneDates(form.effectiveDate, form.timeline) : null;
  const consultation =
    deal.consultationDate === '' && deal.consultationLocation === ''
      ? m.noneScheduled
      : `${longDay(deal.consultationDate)}${deal.consultationTime ? `, ${deal.consultationTime}` : ''} · ${deal.consultationLocation || m.tbd}`;
  const rows: Array<[string, string]> = [
    [m.dealFields.fee, deal.fee || m.tbd],
    [m.paymentSchedule, deal.paymentSchedule || m.tbd],
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

function StatusBadge({ status }: { status: ContractRecord['status'] }) {
  return <span className={`contract-badge contract-badge-${status}`}>{m.status[status]}</span>;
}

function AuditTrail({ contract }: { contract: ContractRecord }) {
  return (
    <details className="contract-audit">
      <summary>{m.audit}</summary>
      <ol>
        {contract.events.map((e, i) => (
          <li key={i}>
            <strong>{m.auditEvent[e.type]}</strong> · {moment(e.at)} · {e.actor}
            {e.ip ? ` · ${e.ip}` : ''}
            {e.userAgent ? <span className="muted"> · {e.userAgent}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

const errorText = (error: unknown, fallback: string) =>
  error instanceof BackendError && error.message ? error.message : fallback;

export function ContractDialog({
  booking,
  today,
  onClose,
  openWindow,
}: {
  booking: BookingRequest;
  today: IsoDate;
  onClose: () => void;
  /** window.open, replaceable in tests. */
  openWindow?: typeof window.open;
}) {
  const read = useBookingContracts(booking.id);
  const save = useSaveContract();
  const send = useSendContract();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [form, setForm] = useState<ContractForm>(() => defaultContractForm(booking, configuredModelName(), today));
  const [paperSize, setPaperSize] = useState<ContractPaperSize>('a4');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  // The question comes at the end of a long dialog: bring it into view (on a phone it would open below the fold).
  useEffect(() => {
    if (confirming) confirmRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [confirming]);

  const unsupported =
    read.status === 'error' && read.error instanceof BackendError && read.error.code === 'not-supported';
  const versions = read.status === 'ready' ? read.data.contracts : [];
  const selected = versions.find((c) => c.id === selectedId) ?? versions[0] ?? null;
  // Printing works before anything is stored: the booking's deal as the server reads it, or the booking's own fields.
  const deal = selected?.deal ?? (read.status === 'ready' ? read.data.deal : null);
  const frozen = selected?.status === 'signed';
  const dirty = selected ? !sameForm(form, selected.form) || paperSize !== selected.paperSize : true;

  // The form shows the selected version as stored whenever another version is chosen (or first arrives).
  const selectedKey = selected?.id ?? null;
  useEffect(() => {
    if (!selected) return;
    setForm(selected.form);
    setPaperSize(selected.paperSize);
    // Only when the version changes, not on each live update of it (typed edits are kept).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedKey]);

  const pdf = useContractPdfUrl(selectedKey);
  const pdfUrl = pdf.status === 'ready' ? pdf.data : null;

  const document = useMemo((): ContractDocument | null => {
    if (!deal || !isIsoDate(form.effectiveDate)) return null;
    try {
      return buildContract(form, { deal });
    } catch {
      return null;
    }
  }, [deal, form]);

  const onPrint = () => {
    setError(null);
    if (!document) return setError(m.generateFailed);
    try {
      if (exportContract(document, openWindow) === 'blocked') setError(m.popupBlocked);
    } catch {
      setError(m.exportFailed);
    }
  };

  /** Saves the form when it changed; answers the stored version. */
  const store = async (): Promise<ContractRecord | null> => {
    if (selected && !dirty) return selected;
    try {
      const saved = await save.mutate({
        bookingId: booking.id,
        id: selected && !frozen ? selected.id : null,
        input: { form, paperSize },
      });
      setSelectedId(saved.id);
      return saved;
    } catch (e) {
      setError(errorText(e, m.saveFailed));
      return null;
    }
  };

  const onSave = async () => {
    setError(null);
    setNotice(null);
    if (await store()) setNotice(m.saved);
  };

  const onNewVersion = async () => {
    setError(null);
    setNotice(null);
    try {
      const created = await save.mutate({ bookingId: booking.id, id: null, input: { form, paperSize } });
      setSelectedId(created.id);
    } catch (e) {
      setError(errorText(e, m.saveFailed));
    }
  };

  const onSend = async () => {
    setError(null);
    setNotice(null);
    const stored = await store();
    if (!stored) return setConfirming(false);
    try {
      const sent = await send.mutate(stored.id);
      setNotice(m.sentNote(booking.email, moment(sent.linkExpiresAt ?? sent.updatedAt)));
    } catch (e) {
      setError(errorText(e, m.sendFailed));
    } finally {
      setConfirming(false);
    }
  };

  const busy = save.status === 'pending' || send.status === 'pending';

  return (
    <Modal title={m.modalTitle} onClose={onClose}>
      <form
        className="admin-form contract-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onPrint();
        }}
      >
        {read.status === 'loading' && <p className="muted">{m.loading}</p>}
        {read.status === 'error' && (
          <p className="alert alert-error" role="alert">
            {unsupported ? m.notSupported : m.loadFailed}{' '}
            {!unsupported && (
              <button type="button" className="btn btn-ghost" onClick={read.refetch}>
                {m.retry}
              </button>
            )}
          </p>
        )}

        {versions.length > 0 && (
          <div className="contract-versions" role="group" aria-label={m.versions}>
            {versions.map((c) => (
              <button
                key={c.id}
                type="button"
                className={`contract-version${c.id === selected?.id ? ' is-selected' : ''}`}
                aria-pressed={c.id === selected?.id}
                onClick={() => {
                  setSelectedId(c.id);
                  setError(null);
                  setNotice(null);
                }}
              >
                {m.version(c.version)} <StatusBadge status={c.status} />
              </button>
            ))}
          </div>
        )}

        {selected && (
          <div className="contract-state" aria-live="polite">
            <p>
              <span className="visually-hidden">{m.stateLabel}: </span>
              <StatusBadge status={selected.status} />{' '}
              {selected.status === 'signed' && selected.signerName && selected.signedAt
                ? m.signedNote(selected.signerName, moment(selected.signedAt))
                : selected.sentAt && selected.linkExpiresAt
                  ? m.sentNote(booking.email, moment(selected.linkExpiresAt))
                  : ''}
            </p>
            {selected.documentHash && (
              <p className="contract-hash">
                {m.documentHash}: <code>{selected.documentHash}</code>
              </p>
            )}
          </div>
        )}

        {frozen && <p className="alert contract-frozen">{m.frozen}</p>}

        <fieldset className="contract-fields" disabled={frozen}>
          <div className="admin-form-row">
            {FIELDS.map(({ key, type }) => (
              <div className="field" key={key}>
                <label htmlFor={`contract-${key}`}>{m.fields[key]}</label>
                <input
                  id={`contract-${key}`}
                  type={type}
                  {...(type === 'number' ? { min: 1, step: 1, inputMode: 'numeric' as const } : {})}
                  value={form[key]}
                  readOnly={frozen}
                  onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
                />
              </div>
            ))}
            <div className="field">
              <label htmlFor="contract-paperSize">{m.paperSize}</label>
              <select
                id="contract-paperSize"
                value={paperSize}
                onChange={(e) => setPaperSize(e.target.value as ContractPaperSize)}
              >
                {CONTRACT_PAPER_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {m.paper[size]}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </fieldset>

        {deal && <DealSummary deal={deal} form={form} />}
        {selected && selected.events.length > 0 && <AuditTrail contract={selected} />}

        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        {notice && (
          <p className="alert alert-success" role="status">
            {notice}
          </p>
        )}

        {confirming ? (
          <div
            ref={confirmRef}
            className="contract-confirm"
            role="alertdialog"
            aria-labelledby="contract-confirm-title"
          >
            <h3 id="contract-confirm-title">{m.confirmSendTitle}</h3>
            <p>
              {m.confirmSend(booking.email, form.modelName)}
              {dirty ? ` ${m.confirmSendEdited}` : ''}
            </p>
            <div className="admin-form-actions">
              <button type="button" className="btn" onClick={() => setConfirming(false)} disabled={busy}>
                {messages.cancel}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => void onSend()} disabled={busy} autoFocus>
                {busy ? m.sending : m.sendNow}
              </button>
            </div>
          </div>
        ) : (
          <div className="admin-form-actions contract-actions">
            <button type="button" className="btn" onClick={onClose}>
              {messages.cancel}
            </button>
            <button type="submit" className="btn">
              {m.export}
            </button>
            {pdfUrl && (
              <a className="btn" href={pdfUrl} target="_blank" rel="noopener">
                {m.pdf}
              </a>
            )}
            {read.status === 'ready' && !frozen && (
              <>
                <button type="button" className="btn" onClick={() => void onSave()} disabled={busy || !dirty}>
                  {save.status === 'pending' ? m.saving : m.save}
                </button>
                <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)} disabled={busy}>
                  {selected && selected.status !== 'draft' ? m.sendAgain : m.send}
                </button>
              </>
            )}
            {frozen && (
              <button type="button" className="btn btn-primary" onClick={() => void onNewVersion()} disabled={busy}>
                {m.newVersion}
              </button>
            )}
          </div>
        )}
      </form>
    </Modal>
  );
}
