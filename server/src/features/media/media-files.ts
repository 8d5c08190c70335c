// Where an upload's finished files are kept: DATA_DIR/media, or Cloud Storage on Firebase, whose functions keep no
// disk. The store (media-store.ts) processes an upload on a local work folder as before, then hands the finished set
// to one of these, and writes the row only once put() has resolved; a failure anywhere removes what was put. Two
// implementations of one port:
//
//   disk (this file)         DATA_DIR/media/uploads/<id>/<file> public, DATA_DIR/media-originals/<id>.<format> private;
//                            the public files are served with the site's static files (features/pages/static-files.ts)
//   Cloud Storage            the same names as objects in one bucket (cloud-storage-media-files.ts), served by the
//                            server streaming them (static-files.ts, serveBucketMedia)
import { createReadStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

export const ORIGINALS_DIR = 'media-originals';
/** Under DATA_DIR/media, so under /media/ on the site. */
export const UPLOADS_DIR = 'uploads';

export const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The names the pipeline gives public files: <width>.avif|webp|jpg, video.mp4|webm, poster.jpg. */
export const PUBLIC_FILE_NAME = /^[a-z0-9]+\.(avif|webp|jpg|mp4|webm)$/;

const CONTENT_TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  tiff: 'image/tiff',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** The Content-Type of a pipeline file by its extension (or of an original by its sniffed format). */
export function contentTypeOf(nameOrFormat: string): string {
  return CONTENT_TYPES[nameOrFormat.split('.').pop() ?? ''] ?? 'application/octet-stream';
}

/** One finished upload, as the pipeline left it on local disk. */
export interface FinishedUpload {
  /** A folder holding exactly the upload's public files, flat (removed or moved by put()). */
  publicDir: string;
  /** The image as she sent it (EXIF and all), kept privately; a video has none. */
  original?: { path: string; format: string };
}

export interface PublicFileInfo {
  contentType: string;
  bytes: number;
  /** A strong validator of the bytes, when the place keeps one (Cloud Storage's MD5). */
  etag?: string;
  /** When the file was written. */
  modified: Date;
}

/** Inclusive byte offsets, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Files she sends straight to the place rather than in a request to the server (the Firebase home: Cloud Functions
 * refuses a request body over 32 MB). Each is a staging object under its own id, which no route serves and which is
 * deleted once the upload is processed or refused; one never finished is removed by the sweep (sweepable()).
 */
export interface UploadStaging {
  /**
   * Opens an upload session for a file of `contentType` and exactly `bytes` bytes at `id`, and answers the address the
   * browser sends the bytes to (a resumable session: PUTs, in chunks or whole). `origin` is her page's, which the place
   * answers cross-origin requests to that session for.
   */
  begin(id: string, file: { contentType: string; bytes: number; origin?: string }): Promise<string>;
  /** The staged file's size and bytes; null when nothing (whole) is staged under `id`. */
  open(id: string): Promise<{ bytes: number; stream: Readable } | null>;
  /** Deletes the staged file, whether or not it exists. */
  discard(id: string): Promise<void>;
}

export interface MediaFiles {
  /**
   * 'disk': the public files are under DATA_DIR/media/uploads, which the site's static files serve as they serve any
   * file; 'cloud-storage': the server streams them from the bucket (open()).
   */
  readonly kind: 'disk' | 'cloud-storage';
  /** Where she may send a file straight to (Cloud Storage); absent on disk, where the upload request carries it. */
  readonly staging?: UploadStaging;
  /**
   * Makes an upload's files the upload `id`'s: every file of `publicDir` public under that id, the original private.
   * All or nothing as far as the place allows: when it rejects, nothing of the upload is left.
   */
  put(id: string, upload: FinishedUpload): Promise<void>;
  /** A public file's type, size and date; null when the upload or the file does not exist. */
  stat(id: string, name: string): Promise<PublicFileInfo | null>;
  /** A public file's bytes (or the range of them); call stat() first (a missing file fails the stream). */
  open(id: string, name: string, range?: ByteRange): Readable;
  /** Removes every file of the upload, public and original, whatever exists of them. */
  remove(id: string): Promise<void>;
  /**
   * The uploads that have files and may be swept when no row names them: on disk every one (one server per folder, and
   * the sweep runs before it takes uploads); in a bucket that instances share, only those whose files are older than
   * an upload can take, since another instance may be between its put() and its row.
   */
  sweepable(): Promise<Set<string>>;
}

/** Today's layout in DATA_DIR: each put() is two renames (the folder, then the original) on the same disk. */
export function createDiskMediaFiles(dataDir: string): MediaFiles {
  const originalsDir = path.join(dataDir, ORIGINALS_DIR);
  const uploadsDir = path.join(dataDir, 'media', UPLOADS_DIR);
  for (const dir of [originalsDir, uploadsDir]) mkdirSync(dir, { recursive: true });

  const originalsOf = (id: string) => readdirSync(originalsDir).filter((f) => f.startsWith(`${id}.`));
  const publicPath = (id: string, name: string) => {
    // The serving route checks names too; a name that is not the pipeline's never reaches the disk.
    if (!UPLOAD_ID.test(id) || !PUBLIC_FILE_NAME.test(name)) return null;
    return path.join(uploadsDir, id, name);
  };

  const remove = async (id: string) => {
    rmSync(path.join(uploadsDir, id), { recursive: true, force: true });
    for (const f of originalsOf(id)) rmSync(path.join(originalsDir, f), { force: true });
  };

  return {
    kind: 'disk',

    async put(id, { publicDir, original }) {
      try {
        // One rename makes the whole folder public at once.
        renameSync(publicDir, path.join(uploadsDir, id));
        if (original) renameSync(original.path, path.join(originalsDir, `${id}.${original.format}`));
      } catch (error) {
        await remove(id);
        throw error;
      }
    },

    async stat(id, name) {
      const file = publicPath(id, name);
      if (!file || !existsSync(file)) return null;
      const stats = statSync(file);
      return { contentType: contentTypeOf(name), bytes: stats.size, modified: new Date(stats.mtimeMs) };
    },

    open(id, name, range) {
      const file = publicPath(id, name) ?? path.join(uploadsDir, 'missing');
      return createReadStream(file, range ?? {});
    },

    remove,

    async sweepable() {
      const ids = new Set<string>();
      for (const entry of readdirSync(uploadsDir)) if (UPLOAD_ID.test(entry)) ids.add(entry);
      for (const entry of readdirSync(originalsDir)) {
        const id = entry.split('.')[0] ?? '';
        if (UPLOAD_ID.test(id)) ids.add(id);
      }
      return ids;
    },
  };
}
