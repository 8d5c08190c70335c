// One section's media as she orders and describes them, shared by the portfolio's sections and a
// project's gallery: alt text for every image, a title for every video, captions, order by drag and drop or by
// keyboard (the handle takes Arrow Up and Arrow Down, Home and End; the buttons do the same), and delete after a
// question. It changes the caller's draft only: the caller saves, and a deleted upload's files go once the draft
// without it is saved (`onRemoved`), so no saved page ever points at a removed file.
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { moveItem, type MediaItem } from '@studio/shared/domain';
import { LIMITS, MEDIA_CAPTION_MAX } from '@studio/shared/constants';
import { messages } from '../../messages';
import { contentMessages } from './messages';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField, type ContentForm } from './content-form';
import { removeAt, updateAt } from './list-items';
import { MoveButtons, type MoveDirection } from './row-actions';

const m = contentMessages.portfolio;

export function MediaList({
  items,
  form,
  pathOf,
  idPrefix,
  onChange,
  onRemoved,
}: {
  items: MediaItem[];
  form: ContentForm;
  /** The schema's path of item `i`'s `field`, where the form shows its errors ('content.comp-card.0.name'). */
  pathOf(i: number, field: string): string;
  /** Prefix of the rows' element ids (focus moves by them after a move). */
  idPrefix: string;
  onChange(next: MediaItem[]): void;
  /** An item she deleted from the draft: its files go once the draft without it is saved. */
  onRemoved(item: MediaItem): void;
}) {
  const [deleting, setDeleting] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const labelOf = (item: MediaItem, i: number) => item.name || m.untitled(i + 1);
  const setItem = (i: number, patch: Partial<MediaItem>) =>
    onChange(updateAt(items, i, (item) => ({ ...item, ...patch })));
  const move = (from: number, to: number, focus: 'handle' | MoveDirection = 'handle') => {
    if (to < 0 || to >= items.length || from === to) return;
    const item = items[from] as MediaItem;
    onChange(moveItem(items, from, to));
    setAnnouncement(m.moved(labelOf(item, from), to + 1, items.length));
    requestAnimationFrame(() => document.getElementById(`${idPrefix}-${to}-${focus}`)?.focus());
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
    onChange(removeAt(items, deleting));
    if (item) onRemoved(item);
    setAnnouncement(m.deleted(item ? labelOf(item, deleting) : ''));
  };

  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <p id={`${idPrefix}-reorder-help`} className="muted">
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
                id={`${idPrefix}-${i}-handle`}
                className="btn btn-icon media-handle"
                aria-label={m.handle(labelOf(item, i), i + 1, items.length)}
                aria-describedby={`${idPrefix}-reorder-help`}
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
                  idPrefix={`${idPrefix}-${i}`}
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
    </>
  );
}
