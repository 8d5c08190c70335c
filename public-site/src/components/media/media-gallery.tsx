// A grid of portfolio images and videos (docs/product.md §2). Images open the carousel; videos play in place on tap.
// Each picture keeps its own shape: the rows are justified by the items' aspect ratios (media.css), as a printed book
// lays out portraits and landscapes together, instead of cropping every one to the same box.
// Loading order: the first tile is the page's largest above-the-fold image (eager, high priority), the rest of the
// first row load eagerly at normal priority, everything below the fold lazily.
import { lazy, Suspense, useMemo, useState, type CSSProperties } from 'react';
import type { MediaItem } from '@studio/shared/domain';
import { messages } from '../../messages';
import { VideoTile } from './video-tile';
import type { ViewerImage } from './types';
import './media.css';

const MediaViewer = lazy(() => import('./media-viewer'));

/** A portrait 4:5 when the item does not say its size (an older entry, a typed link). */
const DEFAULT_RATIO = 4 / 5;
/** The item's width over its height, kept within what a row can show well (a panorama or a sliver is cropped). */
function ratioOf(item: MediaItem): number {
  const ratio = item.width && item.height ? item.width / item.height : DEFAULT_RATIO;
  return Math.round(Math.min(2.4, Math.max(0.5, ratio)) * 1000) / 1000;
}
/** The cell's ratio as the custom property media.css sizes it by. */
const shapeOf = (item: MediaItem) => ({ '--ratio': ratioOf(item) }) as CSSProperties;

/** Tiles that are likely in the first screen on a desktop, loaded eagerly. */
const EAGER_TILES = 4;

export interface MediaGalleryProps {
  items: readonly MediaItem[];
  /** Whether the gallery starts above the fold (then its first image gets fetchpriority high). */
  aboveFold?: boolean;
  /** The grid's accessible name. */
  label: string;
  /**
   * Videos with the browser's own controls and their sound, not the muted looping tile: her uploaded UGC
   * and project videos are watched like clips, with sound and a timeline.
   */
  videoControls?: boolean;
}

export function MediaGallery({ items, aboveFold = true, label, videoControls = false }: MediaGalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  const images = useMemo<ViewerImage[]>(
    () =>
      items
        .filter((item) => item.type === 'image')
        .map((item) => ({
          src: item.url,
          alt: item.name,
          width: item.width,
          height: item.height,
          srcSet: item.srcSet,
        })),
    [items],
  );

  let imageIndex = -1;
  return (
    <>
      <ul
        className={videoControls ? 'media-grid media-grid-clips' : 'media-grid'}
        aria-label={label}
        data-island="viewer"
      >
        {items.map((item, i) => {
          if (item.type === 'video' && videoControls) {
            return (
              <li key={`${item.url}-${i}`} className="media-cell">
                <video
                  className="video-clip"
                  src={item.url}
                  poster={item.poster}
                  width={item.width}
                  height={item.height}
                  controls
                  playsInline
                  preload="metadata"
                  aria-label={item.name}
                />
                {item.caption && <p className="media-caption">{item.caption}</p>}
              </li>
            );
          }
          if (item.type === 'video') {
            return (
              <li key={`${item.url}-${i}`} className="media-cell" style={shapeOf(item)}>
                <VideoTile
                  src={item.url}
                  name={item.name}
                  poster={item.poster}
                  width={item.width}
                  height={item.height}
                />
              </li>
            );
          }
          imageIndex += 1;
          const thisImage = imageIndex;
          const first = aboveFold && i === 0;
          const eager = aboveFold && i < EAGER_TILES;
          return (
            <li key={`${item.url}-${i}`} className="media-cell" style={shapeOf(item)}>
              <button
                type="button"
                className="media-tile"
                aria-label={messages.media.openImage(item.name)}
                aria-haspopup="dialog"
                onClick={() => setOpen(thisImage)}
                // Fetch the viewer's code as soon as the visitor shows intent, so opening feels instant.
                onPointerEnter={preloadViewer}
                onFocus={preloadViewer}
              >
                <img
                  src={item.url}
                  srcSet={item.srcSet}
                  sizes="(max-width: 640px) 60vw, 420px"
                  alt=""
                  width={item.width ?? 800}
                  height={item.height ?? 1000}
                  loading={eager ? 'eager' : 'lazy'}
                  fetchPriority={first ? 'high' : 'auto'}
                  decoding="async"
                />
              </button>
              {item.caption && <p className="media-caption">{item.caption}</p>}
            </li>
          );
        })}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <MediaViewer images={images} startIndex={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

function preloadViewer() {
  void import('./media-viewer');
}
