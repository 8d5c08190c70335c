// The media rows store (the files themselves live in the media files: DATA_DIR/media or Cloud Storage): what the server
// asks of this storage, honoured by media-rows.sqlite.ts and media-rows.firestore.ts alike and proved on both by the
// storage contract (server/test/storage-contract/). The rules every store keeps (Promises, atomic calls, no clock,
// secrets only as hashes): platform/storage/storage-port.ts.
import type { MediaItem } from '@studio/shared/domain';

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

export interface MediaRowsStore {
  /** Rejects when a row with that id exists. */
  insert(row: MediaRow): Promise<void>;
  find(id: string): Promise<MediaRow | null>;
  /** false when there was none. */
  delete(id: string): Promise<boolean>;
  ids(): Promise<Set<string>>;
}
