// The buttons that order and remove one item of a list she edits. The arrows are buttons, so Tab reaches them and
// Enter or Space moves the item; each is named in words for a screen reader. The first item cannot move up nor the
// last down: those buttons are disabled rather than silently doing nothing.
import { moveItem } from '@studio/shared/domain';
import { removeAt } from './list-items';

export type MoveDirection = 'up' | 'down';

export function MoveButtons({
  index,
  count,
  upLabel,
  downLabel,
  idPrefix,
  disabled = false,
  onMove,
}: {
  index: number;
  count: number;
  upLabel: string;
  /** Without it there is no Move down button. */
  downLabel?: string;
  /** Gives the buttons the ids `<idPrefix>-up` and `<idPrefix>-down`, for focus to return to after a move. */
  idPrefix?: string;
  disabled?: boolean;
  onMove: (to: number, direction: MoveDirection) => void;
}) {
  return (
    <>
      <button
        type="button"
        className="btn btn-icon"
        id={idPrefix && `${idPrefix}-up`}
        aria-label={upLabel}
        disabled={index === 0 || disabled}
        onClick={() => onMove(index - 1, 'up')}
      >
        <span aria-hidden="true">↑</span>
      </button>
      {downLabel !== undefined && (
        <button
          type="button"
          className="btn btn-icon"
          id={idPrefix && `${idPrefix}-down`}
          aria-label={downLabel}
          disabled={index === count - 1 || disabled}
          onClick={() => onMove(index + 1, 'down')}
        >
          <span aria-hidden="true">↓</span>
        </button>
      )}
    </>
  );
}

/** Move and Remove for one item of a list inside a form; `onList` receives each change as an update of the list. */
export function ItemActions<T>({
  index,
  count,
  upLabel,
  downLabel,
  removeLabel,
  onList,
}: {
  index: number;
  count: number;
  upLabel: string;
  downLabel?: string;
  removeLabel: string;
  onList: (update: (list: T[]) => T[]) => void;
}) {
  return (
    <div className="content-tier-actions">
      <MoveButtons
        index={index}
        count={count}
        upLabel={upLabel}
        downLabel={downLabel}
        onMove={(to) => onList((list) => moveItem(list, index, to))}
      />
      <button type="button" className="btn btn-ghost" onClick={() => onList((list) => removeAt(list, index))}>
        {removeLabel}
      </button>
    </div>
  );
}
