// docs/product.md §2: three quick clicks on the logo trigger the hidden action. Each click within the window of the one before
// counts; a slower click starts counting again from one. Timestamps rather than a timer: nothing runs between clicks.
import { useCallback, useRef } from 'react';
import { LOGO_CLICKS_TO_TRIGGER } from '@studio/shared/shell-timing';

/** The longest pause between two clicks that still counts as one gesture. */
export const LOGO_CLICK_WINDOW_MS = 600;

export function useLogoGesture(onTrigger: () => void): () => void {
  const state = useRef({ count: 0, last: Number.NEGATIVE_INFINITY });
  const trigger = useRef(onTrigger);
  trigger.current = onTrigger;

  return useCallback(() => {
    const now = Date.now();
    const s = state.current;
    s.count = now - s.last <= LOGO_CLICK_WINDOW_MS ? s.count + 1 : 1;
    s.last = now;
    if (s.count >= LOGO_CLICKS_TO_TRIGGER) {
      s.count = 0;
      s.last = Number.NEGATIVE_INFINITY;
      trigger.current();
    }
  }, []);
}
