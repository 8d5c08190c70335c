import { avifSrcSetOf, imgAttributes, pictureSources, responsiveUrl, srcSetOf } from './media';
import type { MediaItem } from './content-types';

const item: MediaItem = {
  type: 'image',
  url: '/media/runway/a-1.svg',
  name: 'Look 1',
  width: 800,
  height: 1000,
  srcSet: srcSetOf('/media/runway/a-1.svg', [400, 800]),
};

describe('responsive image helpers', () => {
  it('names the copies after the original', () => {
    expect(responsiveUrl('/media/runway/a-1.svg', 400, 'avif')).toBe('/media/responsive/runway/a-1-400.avif');
    expect(item.srcSet).toBe('/media/responsive/runway/a-1-400.webp 400w, /media/responsive/runway/a-1-800.webp 800w');
    expect(avifSrcSetOf(item.srcSet ?? '')).toBe(
      '/media/responsive/runway/a-1-400.avif 400w, /media/responsive/runway/a-1-800.avif 800w',
    );
  });

  it('offers AVIF before WebP, with the layout sizes', () => {
    const sources = pictureSources(item, 'grid');
    expect(sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.sizes).toBe('(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw');
    expect(pictureSources({ ...item, srcSet: undefined }, 'grid')).toEqual([]);
  });

  it('loads the priority image eagerly with high priority and the others lazily, with their box reserved', () => {
    expect(imgAttributes(item, 'full', true)).toMatchObject({
      loading: 'eager',
      fetchPriority: 'high',
      width: 800,
      height: 1000,
      sizes: '100vw',
    });
    expect(imgAttributes(item, 'grid')).toMatchObject({ loading: 'lazy', fetchPriority: 'auto', decoding: 'async' });
  });
});
