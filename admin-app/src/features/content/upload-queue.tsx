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
// A phone's .mov is a video the server takes (it makes an MP4 of it); '.mov' too, for a system that knows no type for it.
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,video/mp4,video/webm,video/quicktime,.mov';

type Status = 'waiting' | 'uploading' | 'done' | 'failed';
interface Row {
  key: number;
  file: File;
  alt: string;
  status: Status;
  error?: string;
}

/** The types of the file name endings a browser may leave without one (Chromium gives an iPhone's IMG_0042.MOV none). */
const TYPE_OF_ENDING: Readonly<Record<string, string>> = {
  mov: 'video/quicktime',
  qt: 'video/quicktime',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
  heif: 'image/heif',
};

/** The file's type as the browser gave it, or by its name's ending when the browser gave none. */
function typeOf(file: File): string {
  const given = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (given !== '' && given !== 'application/octet-stream') return given;
  return TYPE_OF_ENDING[/\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? ''] ?? given;
}

/**
 * Photo or video by the file's type (video/quicktime is a video like video/mp4), never assumed a photo: a file of
 * neither kind is asked for a description of either (the server judges its bytes and says what it is not).
 */
function kindOf(file: File): 'image' | 'video' | 'unknown' {
  const type = typeOf(file);
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('image/')) return 'image';
  return 'unknown';
}

/** The file with the type its name gives it when the browser gave none: the way to storage is asked by type. */
const typed = (file: File) => (file.type === typeOf(file) ? file : new File([file], file.name, { type: typeOf(file) }));

const labelOf = (file: File) => ({ image: m.alt, video: m.videoTitle, unknown: m.description })[kindOf(file)];
const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** What is wrong with a row's description before it is sent, in the shared rule's words. */
function descriptionProblem(row: Row): string | undefined {
  if (row.alt.trim() === '')
    return { image: m.altRequired, video: m.titleRequired, unknown: m.descriptionRequired }[kindOf(row.file)];
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
          item = await upload.mutate({ file: typed(row.file), alt: row.alt.trim(), section });
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
                    <label htmlFor={altId}>{labelOf(row.file)}</label>
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
