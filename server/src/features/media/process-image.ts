// The image half of the upload pipeline (server/README.md, media), run in a child process (process-media.ts) so the
// image library's memory and any crash in a decoder are never the server's. Everything here works on files: the
// upload as it arrived, and a folder the parent later moves into the public media folder whole.
//
// One decode: the image is read once, turned upright by its EXIF orientation, converted to sRGB and scaled to the
// largest width needed; every copy is encoded from those pixels. Nothing of the original's metadata is copied: sharp
// writes none unless asked (no withMetadata/keepExif/keepIccProfile here), so EXIF (GPS above all), XMP, IPTC and the
// ICC profile are all left behind; the colours are converted to sRGB first, so dropping the profile changes nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Sharp } from 'sharp';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@studio/shared/media-upload';
import type { ImageFormat } from './sniff';

type SharpFactory = (typeof import('sharp'))['default'];

/** A refusal the admin should read (too many pixels, unreadable), as opposed to a failure of the server. */
export class MediaRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ProcessedImage {
  /** Natural size after orientation. */
  width: number;
  height: number;
  /** The widths written, each as <width>.avif, <width>.webp and <width>.jpg. */
  widths: number[];
  /** A tiny blurred WebP as a data: URI. */
  placeholder: string;
}

export interface ProcessedPoster {
  width: number;
  height: number;
  /** The poster's file name in the output folder. */
  file: string;
}

// sharp names AVIF (and HEIF) 'heif'.
const SHARP_FORMAT: Record<ImageFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'heif',
  gif: 'gif',
  tiff: 'tiff',
};

export const POSTER_WIDTH = 1280;
const PLACEHOLDER_WIDTH = 16;

/**
 * Loads sharp without an operation cache (each file is read once) and with two threads per image: AVIF encoding is
 * most of the time an upload takes (a 2400 px copy of a detailed photo, seconds), and this process runs at a lower
 * priority than the server (media-store.ts), so the server stays responsive while the admin waits for her upload.
 */
export async function loadSharp(): Promise<SharpFactory> {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  sharp.concurrency(Math.min(2, availableParallelism()));
  return sharp;
}

/** The widths to render for an image this wide (MEDIA_LIMITS.widths up to its own width; its width when smaller). */
export function widthsFor(naturalWidth: number): number[] {
  const fitting = MEDIA_LIMITS.widths.filter((w) => w <= naturalWidth);
  return fitting.length > 0 ? fitting : [naturalWidth];
}

/** Reads the header only: the size and format, refusing what is too large to decode before decoding anything. */
async function checkedSize(sharp: SharpFactory, input: string, format: ImageFormat) {
  let meta;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw new MediaRefusal(422, MEDIA_MESSAGES.unreadable);
  }
  const { width, height } = meta;
  if (meta.format !== SHARP_FORMAT[format] || !width || !height) throw new MediaRefusal(422, MEDIA_MESSAGES.unreadable);
  if (width > MEDIA_LIMITS.imageSide || height > MEDIA_LIMITS.imageSide || width * height > MEDIA_LIMITS.imagePixels)
    throw new MediaRefusal(413, MEDIA_MESSAGES.tooManyPixels(width, height));
  // Orientations 5-8 turn the image a quarter: its upright width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: turned ? height : width, height: turned ? width : height };
}

/** Upright, sRGB pixels at `width`, decoded once (alpha kept when there is one). */
async function uprightPixels(sharp: SharpFactory, input: string, width: number) {
  try {
    return await sharp(input, { limitInputPixels: MEDIA_LIMITS.imagePixels, failOn: 'error' })
      .autoOrient()
      .resize({ width, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new MediaRefusal(422, MEDIA_MESSAGES.unreadable);
  }
}

type Pixels = Awaited<ReturnType<typeof uprightPixels>>;

const fromPixels = (sharp: SharpFactory, { data, info }: Pixels): Sharp =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

function encode(image: Sharp, format: 'avif' | 'webp' | 'jpg'): Sharp {
  if (format === 'avif') return image.avif({ quality: 55, effort: 2 });
  if (format === 'webp') return image.webp({ quality: 78, effort: 4 });
  // JPEG has no alpha: a transparent PNG is laid on white.
  return image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
}

/** Writes <width>.avif/.webp/.jpg for every width and returns what the MediaItem records. */
export async function processImage(
  sharp: SharpFactory,
  input: string,
  format: ImageFormat,
  outDir: string,
): Promise<ProcessedImage> {
  const natural = await checkedSize(sharp, input, format);
  const widths = widthsFor(natural.width);
  const pixels = await uprightPixels(sharp, input, Math.max(...widths));
  mkdirSync(outDir, { recursive: true });
  for (const width of widths) {
    for (const ext of ['avif', 'webp', 'jpg'] as const) {
      const image = fromPixels(sharp, pixels).resize({ width });
      writeFileSync(path.join(outDir, `${width}.${ext}`), await encode(image, ext).toBuffer());
    }
  }
  const tiny = await fromPixels(sharp, pixels)
    .resize({ width: PLACEHOLDER_WIDTH })
    .flatten({ background: '#ffffff' })
    .blur(0.6)
    .webp({ quality: 40 })
    .toBuffer();
  return { ...natural, widths, placeholder: `data:image/webp;base64,${tiny.toString('base64')}` };
}

/** A video's poster from an uploaded still: upright, stripped, sRGB, one JPEG at most 1280 px wide. */
export async function processPoster(
  sharp: SharpFactory,
  input: string,
  format: ImageFormat,
  outDir: string,
): Promise<ProcessedPoster> {
  const natural = await checkedSize(sharp, input, format);
  const pixels = await uprightPixels(sharp, input, Math.min(POSTER_WIDTH, natural.width));
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'poster.jpg'), await encode(fromPixels(sharp, pixels), 'jpg').toBuffer());
  return { width: pixels.info.width, height: pixels.info.height, file: 'poster.jpg' };
}

/**
 * A neutral poster for a video sent without one (the server has no video decoder to take a frame with): a dark
 * 16:9 card with a play mark, so the page shows a calm box rather than a black one until the video plays.
 */
export async function renderNeutralPoster(sharp: SharpFactory, outDir: string): Promise<ProcessedPoster> {
  const width = POSTER_WIDTH;
  const height = 720;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><radialGradient id="g" cx="50%" cy="45%" r="75%"><stop offset="0" stop-color="#3a3734"/><stop offset="1" stop-color="#161514"/></radialGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width / 2}" cy="${height / 2}" r="64" fill="none" stroke="#e9e4dc" stroke-opacity="0.7" stroke-width="3"/>
  <path d="M ${width / 2 - 18} ${height / 2 - 28} L ${width / 2 + 30} ${height / 2} L ${width / 2 - 18} ${height / 2 + 28} Z" fill="#e9e4dc" fill-opacity="0.8"/>
</svg>`;
  mkdirSync(outDir, { recursive: true });
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  writeFileSync(path.join(outDir, 'poster.jpg'), jpeg);
  return { width, height, file: 'poster.jpg' };
}
