// The admin's uploads (migration 016-media.sql): one row per upload whose public files are all in place.
import type { MediaItem } from '@studio/shared/domain';
import type { Db } from '../db/database';

export interface MediaRow {
  id: string;
  kind: 'image' | 'video';
  format: string;
  section: string;
  alt: string;
  width: number | null;
  height: number | null;
  bytes: number;
  item: MediaItem;
  createdAt: string;
}

interface StoredRow extends Omit<MediaRow, 'item' | 'createdAt'> {
  item: string;
  created_at: string;
}

const fromStored = ({ item, created_at, ...rest }: StoredRow): MediaRow => ({
  ...rest,
  item: JSON.parse(item) as MediaItem,
  createdAt: created_at,
});

export function createMediaRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO media (id, kind, format, section, alt, width, height, bytes, item, created_at)
     VALUES (@id, @kind, @format, @section, @alt, @width, @height, @bytes, @item, @createdAt)`,
  );
  const byId = db.prepare('SELECT * FROM media WHERE id = ?');
  const remove = db.prepare('DELETE FROM media WHERE id = ?');
  const allIds = db.prepare('SELECT id FROM media');
  return {
    insert(row: MediaRow): void {
      insert.run({ ...row, item: JSON.stringify(row.item) });
    },
    find(id: string): MediaRow | undefined {
      const row = byId.get(id) as StoredRow | undefined;
      return row && fromStored(row);
    },
    /** Deletes the row; false when there was none. */
    delete(id: string): boolean {
      return remove.run(id).changes > 0;
    },
    ids(): Set<string> {
      return new Set((allIds.all() as Array<{ id: string }>).map((r) => r.id));
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
