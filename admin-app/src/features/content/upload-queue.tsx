// Several files at once: she picks photos and videos together, describes each, and sends them one after
// another, each row telling its own state (waiting, uploading, uploaded, failed with the server's reason). A file
// the server refuses leaves nothing behind (the media store keeps no part of a refused upload); each one it took is
// handed to the portfolio (or the project) as soon as it is stored, which saves it at once: leaving half-way through
// a batch loses none of the files already sent (they were all saved at the end of the batch, and a page left before
// that lost them). The caller hears when a batch runs (its Save waits, leaving asks) and may stop it between files.
import { useRef, useState, type FormEvent } from 'react';
import type { MediaItem } from '@studio/shared/domain';
import { LIMITS } from '@studio/shared/constants';
import { mediaName } from '@studio/shared/schemas';
import { messages } from '../../messages';
import { contentMessages } from './messages';
import { useUploadMedia } from './api/save-content';
import { ErrorAlert } from './content-form';

const m = contentMessages.portfolio;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,video/mp4,video/webm';

type Status = 'waiting' | 'uploading' | 'done' | 'failed';
interface Row {
  key: number;
  file: File;
  alt: string;
  status: Status;
  error?: string;
}

const isVideo = (file: File) => file.type.startsWith('video/');
const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** What is wrong with a row's description before it is sent, in the shared rule's words. */
function descriptionProblem(row: Row): string | undefined {
  if (row.alt.trim() === '') return isVideo(row.file) ? m.titleRequired : m.altRequired;
  const refusal = mediaName.safeParse(row.alt).error?.issues[0]?.message;
  return refusal ? m.altRefused(refusal) : undefined;
}

export function UploadQueue({
  section,
  onUploaded,
  onBusyChange,
  shouldStop,
  notices = { saved: m.uploaded, unsaved: m.uploadedUnsaved },
}: {
  section: string;
  /** A file the server stored, as soon as it is (in the order she chose them); resolves whether it was saved. */
  onUploaded(items: MediaItem[]): Promise<boolean>;
  /** A batch starts (true) and ends (false), whether or not this list is still shown. */
  onBusyChange?(busy: boolean): void;
  /** Asked before each file: true sends no more of the batch (she left the screen). */
  shouldStop?(): boolean;
  /** What the list says once its files are stored: all saved, or not. */
  notices?: { saved(n: number): string; unsaved(n: number): string };
}) {
  const upload = useUploadMedia();
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nextKey = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const pending = rows.filter((r) => r.status === 'waiting' || r.status === 'failed');

  const patch = (key: number, change: Partial<Row>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const choose = (files: FileList | null) => {
    const chosen = [...(files ?? [])].map((file) => ({
      key: nextKey.current++,
      file,
      alt: '',
      status: 'waiting' as const,
    }));
    // Rows already uploaded leave the list: a new choice starts a new list, keeping what is still to send.
    setRows((list) => [...list.filter((r) => r.status !== 'done'), ...chosen]);
    setNotice(null);
    setError(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setError(null);
    if (pending.length === 0) {
      setError(m.chooseFile);
      fileInput.current?.focus();
      return;
    }
    // Every description is checked before the first byte goes: a batch does not stop half-way for a missing word.
    const problems = pending.map((r) => [r, descriptionProblem(r)] as const).filter(([, p]) => p);
    if (problems.length > 0) {
      for (const [r, p] of problems) patch(r.key, { status: 'failed', error: p });
      setError(problems[0]?.[1] ?? m.uploadFailed);
      document.getElementById(`upload-${problems[0]?.[0].key}-alt`)?.focus();
      return;
    }
    setBusy(true);
    onBusyChange?.(true);
    let stored = 0;
    let failed = 0;
    let saved = true;
    try {
      for (const row of pending) {
        if (shouldStop?.()) break;
        patch(row.key, { status: 'uploading', error: undefined });
        let item: MediaItem;
        try {
          item = await upload.mutate({ file: row.file, alt: row.alt.trim(), section });
        } catch (e) {
          failed += 1;
          patch(row.key, { status: 'failed', error: e instanceof Error ? e.message : m.uploadFailed });
          continue;
        }
        patch(row.key, { status: 'done' });
        stored += 1;
        if (!(await onUploaded([item]))) saved = false;
      }
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
    if (stored > 0) setNotice(saved ? notices.saved(stored) : notices.unsaved(stored));
    if (failed > 0) setError(m.someFailed(failed));
  };

  return (
    <form className="content-upload" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="upload-heading">
      <h3 id="upload-heading">{m.uploadHeading}</h3>
      <div className="field">
        <label htmlFor="media-upload-file">{m.file}</label>
        <input
          ref={fileInput}
          id="media-upload-file"
          type="file"
          multiple
          accept={ACCEPT}
          disabled={busy}
          onChange={(e) => choose(e.target.files)}
          aria-describedby="media-upload-hint"
        />
        <p id="media-upload-hint" className="field-hint muted">
          {m.fileHint}
        </p>
      </div>
      {rows.length > 0 && (
        <ul className="upload-queue" aria-label={m.queueLabel}>
          {rows.map((row) => {
            const altId = `upload-${row.key}-alt`;
            const statusId = `upload-${row.key}-status`;
            return (
              <li key={row.key} className={`upload-row upload-row-${row.status}`}>
                <div className="upload-file">
                  <span className="upload-name">{row.file.name}</span>
                  <span className="muted"> · {sizeOf(row.file.size)}</span>
                </div>
                {row.status !== 'done' && (
                  <div className="field">
                    <label htmlFor={altId}>{isVideo(row.file) ? m.videoTitle : m.alt}</label>
                    <input
                      id={altId}
                      value={row.alt}
                      maxLength={LIMITS.mediaName}
                      disabled={busy}
                      aria-invalid={row.status === 'failed' && row.error ? true : undefined}
                      aria-describedby={statusId}
                      onChange={(e) => patch(row.key, { alt: e.target.value })}
                    />
                  </div>
                )}
                <div className="upload-state">
                  <progress
                    max={1}
                    aria-labelledby={statusId}
                    {...(row.status === 'uploading' ? {} : { value: row.status === 'done' ? 1 : 0 })}
                  />
                  <span id={statusId} className={row.status === 'failed' ? 'field-error' : 'muted'}>
                    {m.fileStatus[row.status]}
                    {row.error ? `: ${row.error}` : ''}
                  </span>
                </div>
                {(row.status === 'waiting' || row.status === 'failed') && !busy && (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
                  >
                    {messages.remove}
                    <span className="visually-hidden"> {row.file.name}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <p className="muted" role="status">
        {notice ?? ''}
      </p>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy ? m.uploading : m.upload(Math.max(pending.length, 1))}
      </button>
    </form>
  );
}
