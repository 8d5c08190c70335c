// Her portfolio (issue 16): per section, images and videos uploaded through the media route, alt text required for
// every image, captions, order by drag and drop or by keyboard (the handle takes Arrow Up and Arrow Down, the
// buttons do the same), and delete after a question. Edits are a draft until Save; an upload saves at once, so a
// stored file is never left out of the content.
import { useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { moveItem, type MediaItem, type PortfolioContent, type PortfolioMeta } from '@studio/shared/domain';
import { LIMITS, MEDIA_CAPTION_MAX } from '@studio/shared/constants';
import { mediaName, portfolioContentInputSchema } from '@studio/shared/schemas';
import { messages } from '../../messages';
import { useDeleteMedia, useSavePortfolioContent, useUploadMedia } from './api/save-content';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorAlert, fieldId, SaveButton, SaveStatus, TextField, useContentForm } from './content-form';
import { ContentSection } from './content-section';
import { removeAt, updateAt } from './list-items';
import { MoveButtons, type MoveDirection } from './row-actions';
import { itemsOf, sectionChoices, withItems } from './portfolio-sections';

const m = messages.content.portfolio;
const PREFIX = 'media';
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,video/mp4,video/webm';

export function PortfolioEditor({ meta, content }: { meta: PortfolioMeta; content: PortfolioContent }) {
  const deleteMedia = useDeleteMedia();
  const save = useSavePortfolioContent();
  const upload = useUploadMedia();
  const form = useContentForm(PREFIX);
  const [draft, setDraft] = useState<PortfolioContent>(content);
  const [dirty, setDirty] = useState(false);
  const [section, setSection] = useState('comp-card');
  const [deleting, setDeleting] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const choices = sectionChoices(meta, draft);
  const items = itemsOf(draft, section);
  const labelOf = (item: MediaItem, i: number) => item.name || m.untitled(i + 1);
  // Field paths as the schema names them ('comp-card.0.name', 'runway.fashion-week.2.name').
  const pathOf = (i: number, field: string) => `${section.replace('/', '.')}.${i}.${field}`;

  const change = (next: MediaItem[]) => {
    setDraft((d) => withItems(d, section, next));
    setDirty(true);
    form.reset();
  };
  const setItem = (i: number, patch: Partial<MediaItem>) =>
    change(updateAt(items, i, (item) => ({ ...item, ...patch })));
  const move = (from: number, to: number, focus: 'handle' | MoveDirection = 'handle') => {
    if (to < 0 || to >= items.length || from === to) return;
    const item = items[from] as MediaItem;
    change(moveItem(items, from, to));
    setAnnouncement(m.moved(labelOf(item, from), to + 1, items.length));
    requestAnimationFrame(() => document.getElementById(`${PREFIX}-${to}-${focus}`)?.focus());
  };

  const saveDraft = (next = draft) =>
    form.save(portfolioContentInputSchema, next, save.mutate).then((ok) => {
      if (ok) setDirty(false);
      return ok;
    });

  const onHandleKey = (event: KeyboardEvent, i: number) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(i, event.key === 'ArrowUp' ? i - 1 : i + 1);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      move(i, event.key === 'Home' ? 0 : items.length - 1);
    }
  };
  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragFrom !== null) move(dragFrom, to);
    setDragFrom(null);
  };

  const onUpload = async (event: FormEvent) => {
    event.preventDefault();
    setUploadError(null);
    if (!file) {
      setUploadError(m.chooseFile);
      fileInput.current?.focus();
      return;
    }
    const isVideo = file.type.startsWith('video/');
    if (!isVideo && alt.trim() === '') {
      setUploadError(m.altRequired);
      document.getElementById(`${PREFIX}-upload-alt`)?.focus();
      return;
    }
    // The rule the saved portfolio holds the name to (markup, control characters), checked before the file is sent.
    const refusal = mediaName.safeParse(alt).error?.issues[0]?.message;
    if (refusal) {
      setUploadError(m.altRefused(refusal));
      document.getElementById(`${PREFIX}-upload-alt`)?.focus();
      return;
    }
    try {
      const item = await upload.mutate({ file, alt: alt.trim(), section });
      const next = withItems(draft, section, [...items, item]);
      setDraft(next);
      setFile(null);
      setAlt('');
      if (fileInput.current) fileInput.current.value = '';
      setAnnouncement(m.uploaded(item.name || file.name));
      await saveDraft(next);
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : m.uploadFailed);
    }
  };

  const confirmDelete = async () => {
    if (deleting === null) return;
    const item = items[deleting];
    const next = withItems(draft, section, removeAt(items, deleting));
    if (!(await saveDraft(next))) throw new Error(form.failure ?? messages.content.saveFailed);
    setDraft(next);
    // The files go once no saved content shows them any more.
    if (item?.id) await deleteMedia.mutate(item.id).catch(() => undefined);
    setAnnouncement(m.deleted(item ? labelOf(item, deleting) : ''));
  };

  return (
    <ContentSection name="portfolio" heading={m.heading} intro={m.intro}>
      <div className="field">
        <label htmlFor={`${PREFIX}-section`}>{m.section}</label>
        <select id={`${PREFIX}-section`} value={section} onChange={(e) => setSection(e.target.value)}>
          {choices.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label} ({itemsOf(draft, c.key).length})
            </option>
          ))}
        </select>
      </div>

      <form className="content-upload" onSubmit={(e) => void onUpload(e)} noValidate aria-labelledby="upload-heading">
        <h3 id="upload-heading">{m.uploadHeading}</h3>
        <div className="field">
          <label htmlFor={`${PREFIX}-upload-file`}>{m.file}</label>
          <input
            ref={fileInput}
            id={`${PREFIX}-upload-file`}
            type="file"
            accept={ACCEPT}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            aria-describedby={`${PREFIX}-upload-hint`}
          />
          <p id={`${PREFIX}-upload-hint`} className="field-hint muted">
            {m.fileHint}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${PREFIX}-upload-alt`}>{m.alt}</label>
          <input
            id={`${PREFIX}-upload-alt`}
            value={alt}
            onChange={(e) => setAlt(e.target.value)}
            maxLength={LIMITS.mediaName}
            aria-describedby={`${PREFIX}-upload-alt-hint`}
          />
          <p id={`${PREFIX}-upload-alt-hint`} className="field-hint muted">
            {m.altHint}
          </p>
        </div>
        {uploadError && <ErrorAlert>{uploadError}</ErrorAlert>}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={upload.status === 'pending'}
          aria-busy={upload.status === 'pending'}
        >
          {upload.status === 'pending' ? m.uploading : m.upload}
        </button>
      </form>

      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <p id={`${PREFIX}-reorder-help`} className="muted">
        {m.reorderHelp}
      </p>
      {items.length === 0 ? (
        <p className="muted">{m.empty}</p>
      ) : (
        <ol className="media-list" aria-label={m.listLabel}>
          {items.map((item, i) => (
            <li
              key={`${item.id ?? item.url}-${i}`}
              className={`media-row${dragFrom === i ? ' media-row-dragging' : ''}`}
              draggable
              onDragStart={(e) => {
                setDragFrom(i);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => onDrop(e, i)}
              onDragEnd={() => setDragFrom(null)}
            >
              <button
                type="button"
                id={`${PREFIX}-${i}-handle`}
                className="btn btn-icon media-handle"
                aria-label={m.handle(labelOf(item, i), i + 1, items.length)}
                aria-describedby={`${PREFIX}-reorder-help`}
                onKeyDown={(e) => onHandleKey(e, i)}
              >
                <span aria-hidden="true">⠿</span>
              </button>
              <div className="media-thumb">
                {item.type === 'image' ? (
                  <img src={item.url} alt="" loading="lazy" width={96} height={96} />
                ) : (
                  <span className="media-video-badge">{m.video}</span>
                )}
              </div>
              <div className="media-fields">
                <TextField
                  form={form}
                  path={pathOf(i, 'name')}
                  label={item.type === 'image' ? m.alt : m.videoTitle}
                  value={item.name}
                  maxLength={LIMITS.mediaName}
                  onChange={(v) => setItem(i, { name: v })}
                />
                <TextField
                  form={form}
                  path={pathOf(i, 'caption')}
                  label={m.caption}
                  value={item.caption ?? ''}
                  maxLength={MEDIA_CAPTION_MAX}
                  onChange={(v) => setItem(i, v === '' ? { caption: undefined } : { caption: v })}
                />
              </div>
              <div className="media-actions">
                <MoveButtons
                  index={i}
                  count={items.length}
                  upLabel={m.moveUp(labelOf(item, i))}
                  downLabel={m.moveDown(labelOf(item, i))}
                  idPrefix={`${PREFIX}-${i}`}
                  onMove={(to, direction) => move(i, to, direction)}
                />
                <button type="button" className="btn btn-danger" onClick={() => setDeleting(i)}>
                  {messages.delete}
                  <span className="visually-hidden"> {labelOf(item, i)}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <SaveStatus form={form} />
      <div className="admin-form-actions content-sticky-actions">
        {dirty && <span className="muted">{m.unsaved}</span>}
        <SaveButton
          form={form}
          label={m.save}
          type="button"
          id={fieldId(PREFIX, 'save')}
          disabled={!dirty}
          onClick={() => void saveDraft()}
        />
      </div>
      {deleting !== null && items[deleting] && (
        <ConfirmDialog
          title={m.deleteTitle(labelOf(items[deleting] as MediaItem, deleting))}
          body={m.deleteBody}
          confirmLabel={m.deleteConfirm}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </ContentSection>
  );
}
