// Responsive raster copies of the demo artwork (WebP and AVIF at several widths) and the share image for link
// previews, rendered with sharp into DATA_DIR/media/responsive. Nothing generated is kept in git.
//
// Encoding every copy takes far longer than a first start may (AVIF is about 0.1-0.7 s per copy here), so the
// seed only records the names (MediaItem.srcSet); the copies are rendered in the background after the server
// listens (warm), and a copy asked for before that is rendered on the spot and kept (ensure).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { responsiveUrl } from '@studio/shared/domain';
import type { Artwork } from './demo-media';

// Loaded on first use: the image library (libvips) adds tens of MB to any process that loads it, and the server
// itself renders only the rare copy asked for before the background renderer made it.
async function loadSharp() {
  const { default: sharp } = await import('sharp');
  // One image at a time and no operation cache: a small memory peak matters more here than encoding speed.
  sharp.cache(false);
  sharp.concurrency(1);
  return sharp;
}

/** The Open Graph image (1200x630 JPEG: social sites show neither SVG nor AVIF). */
export const SHARE_IMAGE = '/media/responsive/share-1200x630.jpg';
const SHARE_SOURCE = 'hero.svg';

/** Widths to render an image at: up to three times its drawn size on a 390 px phone, and its own width. */
export function widthsFor(naturalWidth: number): number[] {
  if (naturalWidth >= 1600) return [640, 1280, 1920];
  if (naturalWidth >= 1200) return [480, 960, 1200];
  return [400, 800];
}

interface Variant {
  /** Site-relative URL ('/media/responsive/...'). */
  url: string;
  /** The SVG it is rendered from, relative to the media folder. */
  source: string;
  sourceWidth: number;
  width: number;
  height?: number;
  format: 'webp' | 'avif' | 'jpeg';
}

function variantsOf(artworks: readonly Artwork[]): Variant[] {
  const out: Variant[] = [];
  for (const a of artworks) {
    for (const width of widthsFor(a.width)) {
      for (const format of ['webp', 'avif'] as const) {
        out.push({
          url: responsiveUrl(`/media/${a.file}`, width, format),
          source: a.file,
          sourceWidth: a.width,
          width,
          format,
        });
      }
    }
  }
  const hero = artworks.find((a) => a.file === SHARE_SOURCE);
  if (hero)
    out.push({
      url: SHARE_IMAGE,
      source: hero.file,
      sourceWidth: hero.width,
      width: 1200,
      height: 630,
      format: 'jpeg',
    });
  return out;
}

async function render(mediaDir: string, v: Variant): Promise<void> {
  const sharp = await loadSharp();
  const svg = readFileSync(path.join(mediaDir, v.source));
  // Rasterise the vector at the target size (not a bitmap scaled up or down), then encode.
  let image = sharp(svg, { density: Math.max(1, (72 * v.width) / v.sourceWidth) }).resize(v.width, v.height, {
    fit: 'cover',
  });
  image =
    v.format === 'avif'
      ? image.avif({ quality: 50, effort: 2 })
      : v.format === 'webp'
        ? image.webp({ quality: 72, effort: 4 })
        : image.jpeg({ quality: 80, mozjpeg: true });
  const buffer = await image.toBuffer();
  const target = path.join(mediaDir, v.url.replace(/^\/media\//, ''));
  mkdirSync(path.dirname(target), { recursive: true });
  // Written under a temporary name and renamed, so a half-written file is never served.
  const partial = `${target}.${process.pid}.partial`;
  writeFileSync(partial, buffer);
  renameSync(partial, target);
}

export interface ResponsiveImages {
  /** Makes sure the copy at this URL exists (rendering it now if needed); false for a URL that is no copy. */
  ensure(url: string): Promise<boolean>;
  /** Renders every missing copy, one at a time (the share image and the hero first); resolves with the count. */
  warm(): Promise<{ rendered: number; failed: string[]; ms: number }>;
  /** Stops a running warm() after the copy in hand (the server is closing). */
  stop(): void;
}

export function createResponsiveImages(mediaDir: string, artworks: readonly Artwork[]): ResponsiveImages {
  const byUrl = new Map(variantsOf(artworks).map((v) => [v.url, v]));
  const inflight = new Map<string, Promise<void>>();
  let stopped = false;
  const fileOf = (v: Variant) => path.join(mediaDir, v.url.replace(/^\/media\//, ''));

  const renderOnce = (v: Variant): Promise<void> => {
    let job = inflight.get(v.url);
    if (!job) {
      job = render(mediaDir, v).finally(() => inflight.delete(v.url));
      inflight.set(v.url, job);
    }
    return job;
  };

  return {
    async ensure(url) {
      const v = byUrl.get(url);
      if (!v) return false;
      if (!existsSync(fileOf(v))) await renderOnce(v);
      return true;
    },
    async warm() {
      const started = Date.now();
      const first = (v: Variant) =>
        v.format === 'jpeg' ? 0 : v.source === SHARE_SOURCE ? 1 : v.source.startsWith('services/') ? 2 : 3;
      const missing = [...byUrl.values()].filter((v) => !existsSync(fileOf(v))).sort((a, b) => first(a) - first(b));
      let rendered = 0;
      const failed: string[] = [];
      for (const v of missing) {
        if (stopped) break;
        try {
          await renderOnce(v);
          rendered += 1;
        } catch {
          // One unreadable source must not stop the rest; the page then shows the original (src) for it.
          failed.push(v.url);
        }
      }
      return { rendered, failed, ms: Date.now() - started };
    },
    stop() {
      stopped = true;
    },
  };
}
