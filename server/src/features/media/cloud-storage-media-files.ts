// The admin's uploads in Cloud Storage (the Firebase home): the disk layout's names as objects in one bucket,
//
//   media/uploads/<id>/<file>          the public copies, served by the server streaming them (static-files.ts)
//   media-originals/<id>.<format>      the image as she sent it: never served (no route reads this prefix)
//   media-staging/<id>                 a file her browser sent straight to the bucket, until it is processed
//                                      (cloud-storage-staging.ts); never served
//
// The bucket is private: storage.rules refuse every client, and nothing here makes an object public or signs a URL.
// Only types are imported from @google-cloud/storage: the bucket comes from the caller (firebase-admin/storage's
// getStorage().bucket() on Firebase, a client pointed at a stand-in in tests), so the server bundle loads no client
// of its own.
//
// Whole or nothing, as far as a bucket allows (it has no rename of a folder): every file is uploaded, each under a
// precondition that the name is new, and only if all of them arrived does put() resolve and the store write the row.
// When one fails, the uploads under way are let finish, then everything under the id is deleted, so no object is left
// that no row names. A crash between the objects and the row leaves objects that the sweep removes once they are
// older than any upload takes (sweepable(): other instances share the bucket and may be mid-upload).
import type { Bucket } from '@google-cloud/storage';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createCloudStorageStaging, STAGING_PREFIX } from './cloud-storage-staging';
import { contentTypeOf, ORIGINALS_DIR, PUBLIC_FILE_NAME, UPLOAD_ID, UPLOADS_DIR, type MediaFiles } from './media-files';

export const PUBLIC_PREFIX = `media/${UPLOADS_DIR}/`;
export const ORIGINALS_PREFIX = `${ORIGINALS_DIR}/`;

/** Above this a file goes up in a resumable upload (a video), which survives a dropped connection; below, in one request. */
const RESUMABLE_ABOVE_BYTES = 8 * 1024 * 1024;
/** Uploads at once: an image is 18 small files, and a few requests in flight hide the latency of each. */
const PARALLEL_UPLOADS = 4;
/** Longer than an upload can take (two jobs of at most 3 minutes, then the copies): older objects without a row are orphans. */
const ORPHAN_AFTER_MS = 60 * 60 * 1000;

export interface CloudStorageMediaOptions {
  /** How old an upload's newest object must be before the sweep may remove it (default one hour). */
  orphanAfterMs?: number;
  now?: () => Date;
}

const publicObject = (id: string, name: string) => `${PUBLIC_PREFIX}${id}/${name}`;

/** Runs `work` on each item, `limit` at a time, starting no new one after a failure; answers the failures. */
async function settleAll<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<unknown[]> {
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (failures.length === 0 && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return failures;
}

const isNotFound = (error: unknown) => (error as { code?: unknown }).code === 404;

export function createCloudStorageMediaFiles(bucket: Bucket, options: CloudStorageMediaOptions = {}): MediaFiles {
  const orphanAfterMs = options.orphanAfterMs ?? ORPHAN_AFTER_MS;
  const now = options.now ?? (() => new Date());
  const staging = createCloudStorageStaging(bucket);

  const upload = async ({
    source,
    destination,
    contentType,
  }: {
    source: string;
    destination: string;
    contentType: string;
  }) => {
    await bucket.upload(source, {
      destination,
      resumable: statSync(source).size > RESUMABLE_ABOVE_BYTES,
      metadata: { contentType },
      // Each name is new: a put never replaces an object, and with the precondition the client may retry safely.
      preconditionOpts: { ifGenerationMatch: 0 },
    });
  };

  const remove = async (id: string) => {
    if (!UPLOAD_ID.test(id)) return;
    await bucket.deleteFiles({ prefix: `${PUBLIC_PREFIX}${id}/` });
    await bucket.deleteFiles({ prefix: `${ORIGINALS_PREFIX}${id}.` });
    await staging.discard(id);
  };

  return {
    kind: 'cloud-storage',
    staging,

    async put(id, { publicDir, original }) {
      const files = readdirSync(publicDir).map((name) => ({
        source: path.join(publicDir, name),
        destination: publicObject(id, name),
        contentType: contentTypeOf(name),
      }));
      if (original)
        files.push({
          source: original.path,
          destination: `${ORIGINALS_PREFIX}${id}.${original.format}`,
          contentType: contentTypeOf(original.format),
        });
      const failures = await settleAll(files, PARALLEL_UPLOADS, upload);
      if (failures.length === 0) return;
      await remove(id);
      throw failures[0];
    },

    async stat(id, name) {
      if (!UPLOAD_ID.test(id) || !PUBLIC_FILE_NAME.test(name)) return null;
      try {
        const [meta] = await bucket.file(publicObject(id, name)).getMetadata();
        return {
          contentType: meta.contentType ?? contentTypeOf(name),
          bytes: Number(meta.size),
          // The MD5 of the bytes: the same object answers the same validator on every instance.
          ...(meta.md5Hash ? { etag: `"${Buffer.from(meta.md5Hash, 'base64').toString('hex')}"` } : {}),
          modified: new Date(meta.updated ?? meta.timeCreated ?? 0),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    open(id, name, range) {
      return bucket.file(publicObject(id, name)).createReadStream(range ?? {});
    },

    remove,

    async sweepable() {
      const newest = new Map<string, number>();
      // A staging object no upload finished (she closed the page mid-way) has no row either, and goes the same way.
      for (const prefix of [PUBLIC_PREFIX, ORIGINALS_PREFIX, STAGING_PREFIX]) {
        const [objects] = await bucket.getFiles({ prefix });
        for (const object of objects) {
          const id = object.name.slice(prefix.length).split(/[/.]/)[0] ?? '';
          if (!UPLOAD_ID.test(id)) continue;
          const created = Date.parse(object.metadata.timeCreated ?? '') || 0;
          newest.set(id, Math.max(newest.get(id) ?? 0, created));
        }
      }
      const before = now().getTime() - orphanAfterMs;
      return new Set([...newest].filter(([, created]) => created <= before).map(([id]) => id));
    },
  };
}
