// How an upload becomes public whole or not at all (server/README.md, media):
//
//   DATA_DIR/media-tmp/      uploads as they arrive, and each upload's output while it is made (local in both homes)
//   MediaFiles (media-files.ts) where the finished files are kept: DATA_DIR/media/uploads/<id>/ and
//                            DATA_DIR/media-originals/<id>.<format> on disk, or the same names in a Cloud Storage bucket
//
// An upload's copies are written into a folder under media-tmp; once they are all there the folder and the original
// (private, never served) are handed to the files' put(), which keeps them whole or not at all; then the row is
// written. Any failure removes what was made. A crash part-way leaves files without a row, which a later start sweeps
// (sweep()); a row is never written before its files, nor left after them (remove() deletes the row first).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaItem } from '@studio/shared/domain';
import type { MediaRowsStore } from './media-rows-store';
import { UPLOAD_ID, UPLOADS_DIR, type MediaFiles } from './media-files';
import type { MediaJob, MediaJobAnswer } from './process-media';
import type { ProcessedImage, ProcessedPoster } from './process-image';
import { servedFormatOf, type ImageFormat, type Sniffed } from './sniff';

export const UPLOADS_TMP_DIR = 'media-tmp';
// The disk layout's folders, named here as well for the UI tests' harness, which empties them between tests.
export { ORIGINALS_DIR, UPLOADS_DIR } from './media-files';

/** A refusal of the upload itself, answered to the admin with its status (415, 413, 422) under the form's field. */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The form field the refused file came in. */
    readonly field: 'file' | 'poster' = 'file',
  ) {
    super(message);
  }
}

export interface ReceivedFile {
  /** Where the bytes were streamed to (under media-tmp). */
  path: string;
  bytes: number;
  sniffed: Exclude<Sniffed, { kind: 'refused' }>;
}

export interface NewUpload {
  file: ReceivedFile;
  /** A video's still, when the form sent one. */
  poster?: ReceivedFile;
  alt: string;
  section: string;
}

export interface MediaStoreOptions {
  /** Holds media-tmp, the work folder of uploads under way. */
  dataDir: string;
  /** Where finished uploads are kept (media-files.ts: disk or Cloud Storage). */
  files: MediaFiles;
  /** The child process that runs sharp (process-media.ts, or its compiled .js). */
  workerFile: string;
  repo: MediaRowsStore;
  now: () => Date;
  log: FastifyBaseLogger;
  /** A job that takes longer is killed and the upload fails (a hostile file that decodes forever). */
  jobTimeoutMs?: number;
}

const publicUrl = (id: string, file: string) => `/media/${UPLOADS_DIR}/${id}/${file}`;

export function imageItemOf(id: string, alt: string, image: ProcessedImage): MediaItem {
  const largest = Math.max(...image.widths);
  return {
    id,
    type: 'image',
    url: publicUrl(id, `${largest}.jpg`),
    name: alt,
    width: image.width,
    height: image.height,
    // The WebP list; the AVIF list is the same names with .avif (avifSrcSetOf).
    srcSet: image.widths.map((w) => `${publicUrl(id, `${w}.webp`)} ${w}w`).join(', '),
    placeholder: image.placeholder,
  };
}

export function createMediaStore(options: MediaStoreOptions) {
  const { dataDir, files, workerFile, repo, log } = options;
  const jobTimeoutMs = options.jobTimeoutMs ?? 180_000;
  const tmpDir = path.join(dataDir, UPLOADS_TMP_DIR);
  mkdirSync(tmpDir, { recursive: true });

  /** Runs one job in a fresh child process; a refusal becomes UploadRefused, anything else an Error. */
  const runJob = <T>(job: MediaJob): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      // Under tsx or ts-jest the worker is TypeScript and needs the loader; compiled, it is plain JavaScript.
      const child = fork(workerFile, [JSON.stringify(job)], {
        execArgv: workerFile.endsWith('.ts') ? ['--import', 'tsx'] : [],
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'json',
      });
      // Below the server's priority: visitors' requests come before her upload's encoding.
      try {
        if (child.pid !== undefined) setPriority(child.pid, 10);
      } catch {
        // Not permitted here (some containers): it then runs at the server's priority.
      }
      let answer: MediaJobAnswer | undefined;
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        if (stderr.length < 4000) stderr += chunk.toString('utf8');
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), jobTimeoutMs);
      child.on('message', (message: MediaJobAnswer) => {
        answer = message;
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        if (answer?.ok) return resolve(answer.result as T);
        if (answer && 'refusal' in answer) {
          // Why a file was refused is the admin's to read; what the decoder said is the operator's.
          if (stderr) log.warn({ job: job.task, stderr: stderr.slice(0, 2000) }, 'media upload refused');
          const field = job.task === 'poster' ? 'poster' : 'file';
          return reject(new UploadRefused(answer.refusal.status, answer.refusal.message, field));
        }
        const reason = answer && 'error' in answer ? answer.error : `exited with ${signal ?? `code ${code}`}`;
        log.error({ job: job.task, reason, stderr: stderr.slice(0, 2000) }, 'media processing failed');
        reject(new Error(`media processing failed: ${reason}`));
      });
    });

  // One upload at a time: two 50 MB images processed at once would double the memory peak for no gain on 2 cores.
  let tail: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };

  /** Removes every file of an upload (public files, original, work folder), whatever exists of them. */
  const removeFiles = async (id: string) => {
    rmSync(path.join(tmpDir, `${id}.out`), { recursive: true, force: true });
    await files.remove(id);
  };

  async function make(id: string, upload: NewUpload, work: string): Promise<MediaItem> {
    const { file, alt } = upload;
    if (file.sniffed.kind === 'image') {
      const image = await runJob<ProcessedImage>({
        task: 'image',
        input: file.path,
        format: file.sniffed.format,
        outDir: work,
      });
      return imageItemOf(id, alt, image);
    }
    // A QuickTime movie is served as the MP4 it is made into.
    const served = servedFormatOf(file.sniffed.format);
    mkdirSync(work, { recursive: true });
    // Its picture and sound copied (or, where browsers cannot play them, converted) into a new file without metadata
    // (remux-video.ts). ffmpeg's own limit is shorter than the job's, so it is this child that stops ffmpeg, never a
    // kill that would leave it behind.
    await runJob<unknown>({
      task: 'video',
      input: file.path,
      format: file.sniffed.format,
      output: path.join(work, `video.${served}`),
      timeoutMs: Math.floor(jobTimeoutMs * 0.8),
    });
    // The upload itself is removed now rather than with the request's other temporary files: on Cloud Functions the
    // temporary folder is memory, and a 200 MB video would otherwise be held twice while the poster is made.
    rmSync(file.path, { force: true });
    const poster = upload.poster;
    const still =
      poster && poster.sniffed.kind === 'image'
        ? await runJob<ProcessedPoster>({
            task: 'poster',
            input: poster.path,
            format: poster.sniffed.format as ImageFormat,
            outDir: work,
          })
        : await runJob<ProcessedPoster>({ task: 'neutral-poster', outDir: work });
    return { id, type: 'video', url: publicUrl(id, `video.${served}`), name: alt, poster: publicUrl(id, still.file) };
  }

  return {
    /** Where the route streams incoming files. */
    tmpDir,

    /** Where she may send files straight to, when the media files have such a place (media-files.ts). */
    staging: files.staging,

    /** Processes an upload and makes it public; on any failure nothing of it is left, and the error is rethrown. */
    add(upload: NewUpload): Promise<MediaItem> {
      return serially(async () => {
        const id = randomUUID();
        const work = path.join(tmpDir, `${id}.out`);
        try {
          const item = await make(id, upload, work);
          const { file } = upload;
          await files.put(id, {
            publicDir: work,
            ...(file.sniffed.kind === 'image' && { original: { path: file.path, format: file.sniffed.format } }),
          });
          // Moved on disk, copied to a bucket: either way the work folder has served its purpose.
          rmSync(work, { recursive: true, force: true });
          await repo.insert({
            id,
            kind: file.sniffed.kind,
            format: file.sniffed.format,
            section: upload.section,
            alt: upload.alt,
            width: item.width ?? null,
            height: item.height ?? null,
            bytes: file.bytes,
            item,
            createdAt: options.now().toISOString(),
          });
          return item;
        } catch (error) {
          try {
            await removeFiles(id);
          } catch (cleanUpError) {
            // Left for the sweep (files without a row); the admin hears of the upload's own failure.
            log.error({ err: cleanUpError, id }, 'the files of a failed upload could not be removed');
          }
          throw error;
        }
      });
    },

    /** Deletes an upload: its row first (so nothing names a missing file), then its files. False when unknown. */
    async remove(id: string): Promise<boolean> {
      if (!UPLOAD_ID.test(id) || !(await repo.delete(id))) return false;
      await removeFiles(id);
      return true;
    },

    /**
     * At start: empties media-tmp (uploads cut off by a crash or a restart) and removes the files of uploads that no
     * row names (a crash between the files and the row; in a shared bucket only once they are old, media-files.ts).
     */
    async sweep(): Promise<{ removed: number }> {
      let removed = 0;
      for (const entry of readdirSync(tmpDir)) {
        rmSync(path.join(tmpDir, entry), { recursive: true, force: true });
        removed += 1;
      }
      const known = await repo.ids();
      for (const id of await files.sweepable()) {
        if (known.has(id)) continue;
        await files.remove(id);
        removed += 1;
      }
      return { removed };
    },
  };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
