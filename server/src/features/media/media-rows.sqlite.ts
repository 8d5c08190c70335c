// The admin's uploads (migration 016-media.sql): one row per upload whose public files are all in place.
import type { MediaItem } from '@studio/shared/domain';
import type { Db } from '../../platform/sqlite/database';
import type { MediaRow, MediaRowsStore } from './media-rows-store';

export type { MediaRow };

interface StoredRow extends Omit<MediaRow, 'item' | 'createdAt'> {
  item: string;
  created_at: string;
}

const fromStored = ({ item, created_at, ...rest }: StoredRow): MediaRow => ({
  ...rest,
  item: JSON.parse(item) as MediaItem,
  createdAt: created_at,
});

export function createMediaRepository(db: Db): MediaRowsStore {
  const insert = db.prepare(
    `INSERT INTO media (id, kind, format, section, alt, width, height, bytes, item, created_at)
     VALUES (@id, @kind, @format, @section, @alt, @width, @height, @bytes, @item, @createdAt)`,
  );
  const byId = db.prepare('SELECT * FROM media WHERE id = ?');
  const remove = db.prepare('DELETE FROM media WHERE id = ?');
  const allIds = db.prepare('SELECT id FROM media');
  return {
    async insert(row) {
      insert.run({ ...row, item: JSON.stringify(row.item) });
    },
    async find(id) {
      const row = byId.get(id) as StoredRow | undefined;
      return row ? fromStored(row) : null;
    },
    /** Deletes the row; false when there was none. */
    async delete(id) {
      return remove.run(id).changes > 0;
    },
    async ids() {
      return new Set((allIds.all() as Array<{ id: string }>).map((r) => r.id));
    },
  };
}

export type MediaRepository = MediaRowsStore;
