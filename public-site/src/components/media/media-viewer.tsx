// The full-screen image carousel (docs/product.md §2): previous/next wrap around, a 'current / total' counter, arrow keys and
// Escape, a swipe on a touch screen, focus kept inside while open and given back to the opener on close. Loaded lazily (React.lazy in
// media-gallery.tsx) so its code is not part of the home page's first load.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { messages } from '../../messages';
import type { ViewerImage } from './types';
import './media-viewer.css';

export interface MediaViewerProps {
  images: readonly ViewerImage[];
  startIndex: number;
  onClose: () => void;
}

/** The index after stepping by delta, wrapping at both ends. */
export function wrapIndex(index: number, delta: number, total: number): number {
  if (total <= 0) return 0;
  return (((index + delta) % total) + total) % total;
}

const SWIPE_PX = 40;

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

export default function MediaViewer({ images, startIndex, onClose }: MediaViewerProps) {
  const [index, setIndex] = useState(() => wrapIndex(startIndex, 0, images.length));
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const total = images.length;
  const current = images[index];

  useEffect(() => {
    // The opener is whatever had focus when the viewer mounted; it gets focus back when the viewer goes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById('root');
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // The page behind is inert for pointer, keyboard and screen readers while the dialog is open.
    root?.setAttribute('inert', '');
    closeButton.current?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      root?.removeAttribute('inert');
      opener?.focus();
    };
  }, []);

  const step = (delta: number) => setIndex((i) => wrapIndex(i, delta, total));

  // Swipe on a touch screen: a mostly horizontal stroke of at least SWIPE_PX steps (left = next, as on a phone).
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (event: React.TouchEvent) => {
    const t = event.touches[0];
    touchStart.current = event.touches.length === 1 && t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (event: React.TouchEvent) => {
    const start = touchStart.current;
    const t = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !t || total < 2) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy) * 1.5) step(dx < 0 ? 1 : -1);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    } else if (event.key === 'Tab') {
      const focusable = Array.from(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  if (!current) return null;

  return createPortal(
    <div className="viewer-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        className="viewer"
        role="dialog"
        aria-modal="true"
        aria-label={messages.media.viewer}
        onKeyDown={onKeyDown}
      >
        <div className="viewer-bar">
          <p className="viewer-counter" aria-live="polite" aria-atomic="true">
            {messages.media.counter(index + 1, total)}
          </p>
          <button
            ref={closeButton}
            type="button"
            className="viewer-button"
            aria-label={messages.media.close}
            onClick={onClose}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        <figure className="viewer-stage" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
          <img
            key={current.src}
            src={current.src}
            srcSet={current.srcSet}
            sizes="100vw"
            alt={current.alt}
            width={current.width}
            height={current.height}
            decoding="async"
          />
          <figcaption className="viewer-caption">{current.alt}</figcaption>
        </figure>
        {total > 1 && (
          <>
            <button
              type="button"
              className="viewer-button viewer-prev"
              aria-label={messages.media.previous}
              onClick={() => step(-1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="viewer-button viewer-next"
              aria-label={messages.media.next}
              onClick={() => step(1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
