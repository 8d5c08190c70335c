// Responsive images: the attributes an <img> (inside a <picture>) needs so a phone downloads the smallest copy that
// is sharp on its screen, the first visible image early and the rest only when scrolled to. The server renders
// each image as WebP and AVIF at several widths; MediaItem.srcSet lists the WebP copies ('url 480w, url 960w') and
// the AVIF list is the same names with the .avif extension.
import type { MediaItem } from './content-types';

/** `sizes` for the layouts the site uses: how wide the image is drawn, per viewport. */
export const IMAGE_SIZES = {
  /** Edge to edge (the home page's hero). */
  full: '100vw',
  /** A card in the responsive .grid: one column on phones, two on tablets, three from 1024 px. */
  grid: '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  /** One image in the middle of the page (a viewer or a detail page), at most the page's 1180 px. */
  content: '(min-width: 1180px) 1180px, 100vw',
} as const;

export type ImageLayout = keyof typeof IMAGE_SIZES;

export interface PictureSource {
  type: 'image/avif' | 'image/webp';
  srcSet: string;
  sizes: string;
}

export interface ImgAttributes {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  sizes?: string;
  loading: 'eager' | 'lazy';
  decoding: 'async';
  fetchPriority: 'high' | 'auto';
}

/** The AVIF list of a WebP srcSet: same widths, same names, other format. */
export function avifSrcSetOf(webpSrcSet: string): string {
  return webpSrcSet.replace(/\.webp(?=\s|,|$)/g, '.avif');
}

/** `<source>` elements for a <picture>, best format first; none when the image has no responsive copies. */
export function pictureSources(item: MediaItem, layout: ImageLayout): PictureSource[] {
  if (!item.srcSet) return [];
  const sizes = IMAGE_SIZES[layout];
  return [
    { type: 'image/avif', srcSet: avifSrcSetOf(item.srcSet), sizes },
    { type: 'image/webp', srcSet: item.srcSet, sizes },
  ];
}

/**
 * The <img>'s own attributes. `priority` marks the largest image above the fold (the likely LCP element): it is
 * fetched eagerly with high priority; every other image is lazy so it costs nothing until scrolled near.
 * width and height reserve the box before the image arrives, so nothing shifts.
 */
export function imgAttributes(item: MediaItem, layout: ImageLayout, priority = false): ImgAttributes {
  return {
    src: item.url,
    alt: item.name,
    ...(item.width && item.height ? { width: item.width, height: item.height } : {}),
    ...(item.srcSet ? { sizes: IMAGE_SIZES[layout] } : {}),
    loading: priority ? 'eager' : 'lazy',
    decoding: 'async',
    fetchPriority: priority ? 'high' : 'auto',
  };
}

/** Site-relative URL of one responsive copy of a media file ('/media/runway/a-1.svg' -> '/media/responsive/runway/a-1-480.webp'). */
export function responsiveUrl(url: string, width: number, format: 'webp' | 'avif'): string {
  const rel = url.replace(/^\/media\//, '').replace(/\.[a-z0-9]+$/i, '');
  return `/media/responsive/${rel}-${width}.${format}`;
}

/** The srcSet (WebP) of a media file rendered at these widths. */
export function srcSetOf(url: string, widths: readonly number[]): string {
  return widths.map((w) => `${responsiveUrl(url, w, 'webp')} ${w}w`).join(', ');
}
