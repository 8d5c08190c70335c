// The contract dialog (docs/product.md §3, §9). The admin edits the contract's fields (§3) (prefilled from the
// booking, the model name from configuration, 4 weeks, Arizona) and the paper size; the deal (fee, package,
// inclusions, dates, places, contacts) comes from the booking through the server. She can print it, save it as a
// draft, open its PDF and, after confirming, send it for signature. The dialog follows the client's view and signature
// live. A signed version is frozen: its fields are read-only, and "New version" starts a new signature round.
import { useEffect, useMemo, useRef, useState } from 'react';
import { BackendError } from '@studio/shared/data';
import { isIsoDate, type BookingRequest, type ContractForm, type IsoDate } from '@studio/shared/domain';
import {
  buildContract,
  defaultContractForm,
  type ContractDocument,
  type ContractPaperSize,
  type ContractRecord,
} from '@studio/shared/domain/contract';
import { Modal } from '../../components/modal';
import { messages } from '../../messages';
import { contractMessages } from './messages';
import { useModelName } from './model-name';
import { exportContract } from './contract-html';
import { AuditTrail, DealSummary, contractMoment, signedNoteOf } from './contract-details';
import { ContractFields, sameForm } from './contract-fields';
import { ContractStatusBadge } from './contract-state-badge';
import { useBookingContracts } from './api/get-booking-contracts';
import { useContractPdfUrl } from './api/get-contract-pdf-url';
import { useSaveContract } from './api/save-contract';
import { useSendContract } from './api/send-contract';
import './contract-dialog.css';

const m = contractMessages;
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
  const modelName = useModelName();
  const [form, setForm] = useState<ContractForm>(() => defaultContractForm(booking, modelName, today));
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
      setNotice(m.sentNote(booking.email, contractMoment(sent.linkExpiresAt ?? sent.updatedAt)));
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
                {m.version(c.version)} <ContractStatusBadge status={c.status} />
              </button>
            ))}
          </div>
        )}

        {selected && (
          <div className="contract-state" aria-live="polite">
            <p>
              <span className="visually-hidden">{m.stateLabel}: </span>
              <ContractStatusBadge status={selected.status} />{' '}
              {signedNoteOf(selected) ??
                (selected.sentAt && selected.linkExpiresAt
                  ? m.sentNote(booking.email, contractMoment(selected.linkExpiresAt))
                  : '')}
            </p>
            {selected.documentHash && (
              <p className="contract-hash">
                {m.documentHash}: <code>{selected.documentHash}</code>
              </p>
            )}
          </div>
        )}

        {frozen && <p className="alert contract-frozen">{m.frozen}</p>}

        <ContractFields form={form} paperSize={paperSize} frozen={frozen} onForm={setForm} onPaperSize={setPaperSize} />

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
