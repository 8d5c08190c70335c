// One image of hers chosen by upload (the hero image in Site details, a service's image): a photo from her camera
// roll goes through the portfolio's pipeline (the same request, sniffing, size limits, resizing and metadata
// stripping), and the stored file's address fills the field. Her form's own Save publishes it, as the portfolio's
// edits wait for Save portfolio; a link may still be pasted, checked by the same shared schema as before.
//
// An upload is a stored file from the moment it arrives, so one she does not keep must not stay behind: uploads of
// this visit that the saved value does not name are deleted after the save, and all of them when she leaves or
// cancels without saving (the browser asks before a reload or a closed tab). A file from an earlier save is never
// deleted here: the same address may be used elsewhere (a service, the portfolio, a pasted link).
import { useEffect, useId, useRef, useState } from 'react';
import type { MediaItem } from '@studio/shared/domain';
import { LIMITS } from '@studio/shared/constants';
import { useBackend } from '@studio/shared/data';
import { useUnsavedChanges } from '../../components/leave-guard';
import { contentMessages } from './messages';
import { useUploadMedia } from './api/save-content';
import { TextField, type ContentForm } from './content-form';

const m = contentMessages.image;
// Named types rather than image/*: a phone then offers its camera roll and converts a HEIC photo to JPEG.
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif,image/tiff';

/** Her uploads in one form that no save has kept yet; what becomes of them once she saves or leaves. */
export interface UploadsOfForm {
  unsaved: boolean;
  track(item: MediaItem): void;
  /** After a save that stored `kept`: the other uploads of this visit go. */
  saved(kept: string[]): void;
  /** She leaves or cancels without saving: every upload of this visit goes. */
  discard(): void;
}

export function useUploadsOfForm(): UploadsOfForm {
  const backend = useBackend();
  const pending = useRef(new Map<string, string>());
  // The form is gone (she left while a photo was on its way): an upload arriving then is deleted at once.
  const closed = useRef(false);
  const [unsaved, setUnsaved] = useState(false);
  const drop = (urls: string[]) => {
    for (const url of urls) {
      const id = pending.current.get(url);
      pending.current.delete(url);
      // A failure leaves a file no page shows, never a broken page.
      if (id) void backend.content.deleteMedia(id).catch(() => undefined);
    }
    setUnsaved(pending.current.size > 0);
  };
  const uploads: UploadsOfForm = {
    unsaved,
    track(item) {
      if (!item.id) return;
      pending.current.set(item.url, item.id);
      if (closed.current) return drop([item.url]);
      setUnsaved(true);
    },
    saved(kept) {
      const gone = [...pending.current.keys()].filter((url) => !kept.includes(url));
      for (const url of kept) pending.current.delete(url);
      drop(gone);
    },
    discard() {
      drop([...pending.current.keys()]);
    },
  };
  // Leaving the screen by the dashboard asks first (Leave discards); a reload or a closed tab gets the browser's
  // question, and the form going away unsaved (Cancel, Escape, another area) drops what it uploaded.
  useUnsavedChanges(unsaved, m.leave, () => uploads.discard());
  const latest = useRef(uploads);
  latest.current = uploads;
  useEffect(() => {
    closed.current = false;
    return () => {
      closed.current = true;
      latest.current.discard();
    };
  }, []);
  return uploads;
}

export function ImageUpload({
  form,
  path,
  label,
  hint,
  linkLabel,
  value,
  onChange,
  alt,
  section,
  saveLabel,
  uploads,
}: {
  form: ContentForm;
  /** The schema path of the stored address ('heroImage', 'image'). */
  path: string;
  label: string;
  hint: string;
  linkLabel: string;
  value: string;
  onChange(url: string): void;
  /** The upload's description, which the pipeline requires (the editor has no alt text of its own). */
  alt: string;
  section: string;
  /** The form's Save button, named in what the control says. */
  saveLabel: string;
  uploads: UploadsOfForm;
}) {
  const upload = useUploadMedia();
  const backend = useBackend();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fieldError = form.errorOf(path);
  const [linkOpen, setLinkOpen] = useState(value !== '' && !value.startsWith('/media/uploads/'));
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const fileId = `${form.prefix}-${path}-file`;
  const statusId = `${id}-status`;

  const choose = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    setError(null);
    setNotice(null);
    if (file.type.startsWith('video/')) {
      setError(m.notPhoto);
      return;
    }
    setBusy(true);
    try {
      const item = await upload.mutate({ file, alt: alt.slice(0, LIMITS.mediaName), section });
      if (item.type !== 'image') {
        // The pipeline took it as a video: stored, but not what this field shows.
        if (item.id) void backend.content.deleteMedia(item.id).catch(() => undefined);
        setError(m.notPhoto);
        return;
      }
      uploads.track(item);
      onChange(item.url);
      setNotice(m.uploaded(saveLabel));
      form.reset();
    } catch (e) {
      // The pipeline's own words: a file that is not a photo, one too large, one that cannot be read.
      setError(e instanceof Error && e.message ? e.message : m.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="field image-upload" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="image-upload-label">
        {label}
      </span>
      <p id={`${id}-hint`} className="field-hint muted">
        {hint}
      </p>
      <div className="image-upload-body">
        {value ? (
          <img className="image-upload-preview" src={value} alt={m.previewAlt(label)} />
        ) : (
          <p className="image-upload-empty muted">{m.builtIn}</p>
        )}
        <div className="image-upload-actions">
          <input
            ref={fileInput}
            id={fileId}
            className="visually-hidden image-upload-input"
            type="file"
            accept={ACCEPT}
            disabled={busy}
            aria-describedby={`${id}-hint ${statusId}`}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <label htmlFor={fileId} className="btn">
            {value ? m.replace : m.upload}
            <span className="visually-hidden"> ({label.toLowerCase()})</span>
          </label>
          {value && !busy && (
            <button
              type="button"
              className="btn btn-ghost"
              aria-label={m.removeLabel(label)}
              onClick={() => {
                onChange('');
                setError(null);
                setNotice(m.removed(saveLabel));
              }}
            >
              {m.remove}
            </button>
          )}
        </div>
      </div>
      <div id={statusId}>
        {busy && (
          <div className="upload-state">
            <progress aria-label={m.uploading} />
            <span className="muted">{m.uploading}</span>
          </div>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <p className="muted" role="status">
          {notice ?? ''}
        </p>
      </div>
      <details
        className="image-upload-link"
        open={linkOpen || fieldError !== undefined}
        onToggle={(e) => setLinkOpen(e.currentTarget.open)}
      >
        <summary>{m.pasteLink}</summary>
        <TextField
          form={form}
          path={path}
          label={linkLabel}
          hint={m.linkHint}
          type="url"
          inputMode="url"
          value={value}
          onChange={(v) => {
            setNotice(null);
            onChange(v);
          }}
        />
      </details>
    </div>
  );
}
