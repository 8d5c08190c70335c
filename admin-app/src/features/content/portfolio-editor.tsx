// Her portfolio's media (issues 16 and 27): per section, images and videos uploaded several at a time through the
// media route, alt text required for every image, captions, order by drag and drop or by keyboard (the handle takes
// Arrow Up and Arrow Down, the buttons do the same), and delete after a question. A part of the portfolio draft:
// the workspace's one Save stores it; an upload saves the draft at once, so a stored file is never left out of the
// content.
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { moveItem, type MediaItem, type Portfolio } from '@studio/shared/domain';
import { LIMITS, MEDIA_CAPTION_MAX } from '@studio/shared/constants';
import { messages } from '../../messages';
import { ConfirmDialog } from './confirm-dialog';
import { TextField, type ContentForm } from './content-form';
import { ContentSection } from './content-section';
import { removeAt, updateAt } from './list-items';
import { MoveButtons, type MoveDirection } from './row-actions';
import { itemsOf, sectionChoices, withItems } from './portfolio-sections';
import { UploadQueue } from './upload-queue';

const m = messages.content.portfolio;
const PREFIX = 'media';

export function PortfolioEditor({
  draft,
  form,
  onChange,
  onRemoved,
  onUploaded,
}: {
  draft: Portfolio;
  form: ContentForm;
  onChange(next: Portfolio): void;
  /** An item she deleted from the draft: its files go once the draft without it is saved. */
  onRemoved(item: MediaItem): void;
  /** Items the server stored into `section`: added to the draft and saved; resolves whether that save went through. */
  onUploaded(section: string, items: MediaItem[]): Promise<boolean>;
}) {
  const [chosen, setSection] = useState('comp-card');
  const [deleting, setDeleting] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);

  const choices = sectionChoices(draft.meta, draft.content);
  // A show or concept she just removed is no longer a choice: fall back to the first section.
  const section = choices.some((c) => c.key === chosen) ? chosen : 'comp-card';
  const items = itemsOf(draft.content, section);
  const labelOf = (item: MediaItem, i: number) => item.name || m.untitled(i + 1);
  // Field paths as the schema names them ('content.comp-card.0.name', 'content.runway.fashion-week.2.name').
  const pathOf = (i: number, field: string) => `content.${section.replace('/', '.')}.${i}.${field}`;

  const change = (next: MediaItem[]) => onChange({ ...draft, content: withItems(draft.content, section, next) });
  const setItem = (i: number, patch: Partial<MediaItem>) =>
    change(updateAt(items, i, (item) => ({ ...item, ...patch })));
  const move = (from: number, to: number, focus: 'handle' | MoveDirection = 'handle') => {
    if (to < 0 || to >= items.length || from === to) return;
    const item = items[from] as MediaItem;
    change(moveItem(items, from, to));
    setAnnouncement(m.moved(labelOf(item, from), to + 1, items.length));
    requestAnimationFrame(() => document.getElementById(`${PREFIX}-${to}-${focus}`)?.focus());
  };

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

  const confirmDelete = async () => {
    if (deleting === null) return;
    const item = items[deleting];
    change(removeAt(items, deleting));
    if (item) onRemoved(item);
    setAnnouncement(m.deleted(item ? labelOf(item, deleting) : ''));
  };

  return (
    <ContentSection name="portfolio" heading={m.heading} intro={m.intro}>
      <div className="field">
        <label htmlFor={`${PREFIX}-section`}>{m.section}</label>
        <select id={`${PREFIX}-section`} value={section} onChange={(e) => setSection(e.target.value)}>
          {choices.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label} ({itemsOf(draft.content, c.key).length})
            </option>
          ))}
        </select>
      </div>

      <UploadQueue key={section} section={section} onUploaded={(stored) => onUploaded(section, stored)} />

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
                <button type="button" className="btn btn-delete" onClick={() => setDeleting(i)}>
                  {messages.delete}
                  <span className="visually-hidden"> {labelOf(item, i)}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
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
