// The MediaRowsStore contract (server/src/features/media/media-rows-store.ts), run on SQLite and on Firestore (see
// bookings-contract.ts). Each case gets an empty store of its own from `make`.
import type { MediaRow, MediaRowsStore } from '../../src/features/media/media-rows-store';
import type { Made } from './bookings-contract';

const image: MediaRow = {
  id: '0b6f0a7e-1c1d-4f43-9a55-7d2b8c0e1f01',
  kind: 'image',
  format: 'jpeg',
  section: 'portfolio',
  alt: 'On the beach',
  width: 1600,
  height: 1067,
  bytes: 482_113,
  item: {
    id: '0b6f0a7e-1c1d-4f43-9a55-7d2b8c0e1f01',
    type: 'image',
    url: '/media/0b6f0a7e-1c1d-4f43-9a55-7d2b8c0e1f01-1600.webp',
    name: 'On the beach',
    width: 1600,
    height: 1067,
    srcSet: '/media/a-480.webp 480w, /media/a-960.webp 960w',
    placeholder: 'data:image/webp;base64,UklGRg==',
  },
  createdAt: '2026-05-01T12:00:00.000Z',
};

const video: MediaRow = {
  id: '5d1c7a34-33a2-4b8e-8f3c-0a9b1c2d3e4f',
  kind: 'video',
  format: 'mp4',
  section: 'videos',
  alt: 'Runway',
  width: null,
  height: null,
  bytes: 9_000_000,
  item: { type: 'video', url: '/media/5d1c.mp4', name: 'Runway', poster: '/media/5d1c.jpg' },
  createdAt: '2026-05-01T12:05:00.000Z',
};

export function describeMediaRowsStoreContract(make: () => Promise<Made<MediaRowsStore>>): void {
  describe('MediaRowsStore contract', () => {
    let made: Made<MediaRowsStore>;
    let store: MediaRowsStore;
    beforeEach(async () => {
      made = await make();
      store = made.store;
    });
    afterEach(() => made.close());

    it('stores rows and reads them back as stored', async () => {
      expect(await store.ids()).toEqual(new Set());
      await store.insert(image);
      await store.insert(video);
      expect(await store.find(image.id)).toEqual(image);
      expect(await store.find(video.id)).toEqual(video);
      expect(await store.find('00000000-0000-4000-8000-000000000000')).toBeNull();
      expect(await store.ids()).toEqual(new Set([image.id, video.id]));
    });

    it('refuses a second row with the same id and keeps the first', async () => {
      await store.insert(image);
      // Any rejection: better-sqlite3's errors are made in the realm of the first test file that loaded its addon, so
      // in a later file of the same worker they are not `instanceof Error` there and toThrow() would not see them.
      await expect(store.insert({ ...image, alt: 'Another' })).rejects.toHaveProperty('message');
      expect(await store.find(image.id)).toEqual(image);
    });

    it('deletes a row once', async () => {
      await store.insert(image);
      await store.insert(video);
      expect(await store.delete(image.id)).toBe(true);
      expect(await store.delete(image.id)).toBe(false);
      expect(await store.find(image.id)).toBeNull();
      expect(await store.ids()).toEqual(new Set([video.id]));
    });
  });
}
