// Unpacks an uploaded build (a gzip tarball) into a fresh folder, refusing what a build never holds: links, devices,
// absolute paths, `..`, more files or bytes than the limits. It streams: the upload is never held in memory whole, and
// a gzip bomb stops at the unpacked-bytes limit rather than filling the disk. Then it names the build by its content.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { UploadLimits } from '../../platform/config';

/** A refused upload: the message says what was wrong, for the deploy command to print. */
export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 429 = 400,
  ) {
    super(message);
  }
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** Passes bytes through and fails the stream once more than `limit` have passed. */
function byteLimit(limit: number, refusal: () => UploadRefused) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) callback(refusal());
      else callback(null, chunk);
    },
  });
}

const ALLOWED_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);
// Names a build may hold: no backslashes (a Windows path), no control characters, no empty or dot-dot segments.
// eslint-disable-next-line no-control-regex
const BAD_NAME = /[\\\u0000-\u001F\u007F]/;

/** Why an entry's path is refused, or undefined when it is a plain relative path inside the folder. */
export function pathProblem(entryPath: string): string | undefined {
  if (BAD_NAME.test(entryPath))
    return `"${JSON.stringify(entryPath).slice(1, -1)}" has a character a build's file name never has`;
  if (entryPath.startsWith('/') || /^[A-Za-z]:/.test(entryPath)) return `"${entryPath}" is an absolute path`;
  const segments = entryPath.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return `"${entryPath}" leads out of the build's folder`;
  return undefined;
}

/**
 * Reads what is left of a refused upload and drops it, so the refusal is answered once the client has sent its body
 * (closing a connection with unread bytes on it resets it, and the client sees no answer). A body that goes on past
 * the upload limit is destroyed instead: that one has no answer coming.
 */
function drain(source: Readable, limit: number): Promise<void> {
  if (source.readableEnded || source.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    source.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) source.destroy();
    });
    source.once('end', resolve);
    source.once('close', resolve);
    source.once('error', () => resolve());
    source.resume();
  });
}

/**
 * Unpacks `source` (gzip tar) into `dir`, which must exist and be empty. Rejects with UploadRefused for anything the
 * limits or the path rules refuse; the caller removes `dir` then.
 */
export async function unpackUpload(source: Readable, dir: string, limits: UploadLimits): Promise<void> {
  let files = 0;
  let bytes = 0;
  let refusal: UploadRefused | undefined;
  // The request itself never goes into the pipeline: a pipeline that fails destroys its streams, and a destroyed
  // request resets the connection before the refusal can be answered. It feeds `input`, which a refusal destroys.
  const input = new PassThrough();
  source.pipe(input);
  const refuse = (problem: UploadRefused) => {
    refusal ??= problem;
    input.destroy(refusal);
  };
  // tar is loaded with the first upload, not with the server: a deploy is rare, and the module is a few MB held.
  const { Unpack } = await import('tar');
  const unpack = new Unpack({
    cwd: dir,
    strict: true,
    maxDepth: 32,
    filter: (entryPath, entry) => {
      if (refusal) return false;
      const type = 'type' in entry ? entry.type : 'File';
      const name = entryPath;
      if (!ALLOWED_TYPES.has(type)) {
        refuse(new UploadRefused(`The upload holds "${name}", a ${type}: a build holds only files and folders.`));
        return false;
      }
      const problem = pathProblem(name);
      if (problem) {
        refuse(new UploadRefused(`The upload was refused: ${problem}.`));
        return false;
      }
      if (type !== 'Directory') {
        files += 1;
        bytes += entry.size ?? 0;
        if (files > limits.files) {
          refuse(new UploadRefused(`The upload holds more than ${limits.files} files.`, 413));
          return false;
        }
        if (bytes > limits.unpackedBytes) {
          refuse(new UploadRefused(`The upload unpacks to more than ${megabytes(limits.unpackedBytes)}.`, 413));
          return false;
        }
      }
      return true;
    },
  });
  try {
    await pipeline(
      input,
      byteLimit(
        limits.uploadBytes,
        () => new UploadRefused(`The upload is larger than ${megabytes(limits.uploadBytes)}.`, 413),
      ),
      createGunzip(),
      // Headers and padding count too: a stream of empty entries cannot run on for ever.
      byteLimit(
        limits.unpackedBytes + 1024 * (limits.files + 16),
        () => new UploadRefused(`The upload unpacks to more than ${megabytes(limits.unpackedBytes)}.`, 413),
      ),
      unpack,
    );
  } catch (error) {
    source.unpipe(input);
    await drain(source, limits.uploadBytes);
    if (refusal) throw refusal;
    if (error instanceof UploadRefused) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || code?.startsWith('TAR_')) {
      throw new UploadRefused('The upload is not a gzip-compressed tar archive of a build.');
    }
    throw error;
  }
  if (refusal) throw refusal;
  if (files === 0) throw new UploadRefused('The upload holds no files.');
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** A file's subresource-integrity value: `sha384-` and the base64 of its SHA-384, as browsers compare it. */
export const sriOf = (digest: Buffer) => `sha384-${digest.toString('base64')}`;

/** The integrity value of a file on disk, read as a stream (a build's file may be large). */
export async function fileIntegrity(file: string): Promise<string> {
  const hash = createHash('sha384');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return sriOf(hash.digest());
}

/**
 * The version of a build: the first 16 hex digits of the SHA-256 over every file's name and content, in name order.
 * The same build uploaded twice is the same version; one changed byte is another. Each file's SHA-384 is taken in the
 * same read: recorded with the version, it is what the site later checks a file against before serving it and what
 * the shell's HTML pins (features/deploys/version-integrity.ts).
 */
export async function contentVersion(
  dir: string,
): Promise<{ version: string; files: number; bytes: number; integrity: Record<string, string> }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const integrity: Record<string, string> = {};
  const names = await filesUnder(dir);
  for (const name of names) {
    const fileHash = createHash('sha256');
    const sri = createHash('sha384');
    for await (const chunk of createReadStream(path.join(dir, name))) {
      fileHash.update(chunk as Buffer);
      sri.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
    hash.update(`${name}\0${fileHash.digest('hex')}\n`);
    integrity[name] = sriOf(sri.digest());
  }
  return { version: hash.digest('hex').slice(0, 16), files: names.length, bytes, integrity };
}

export const VERSION_FORMAT = /^[0-9a-f]{16}$/;
