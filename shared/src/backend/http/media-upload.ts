// Her upload, the two ways it can go (docs/decisions/012):
//
//   in the request     POST /api/admin/media, a multipart form with the file: the embedded home, where the server
//                      takes up to the product's 200 MB in one request
//   straight to storage  the Firebase home, whose function takes no request body over 32 MB (and holds what it takes
//                      in memory): she asks the server for an upload session (POST /api/admin/media/uploads with the
//                      file's type and size, judged by the same limits), PUTs the bytes to it in chunks, then asks the
//                      server to process them (POST /api/admin/media/uploads/:id with the alt text and section)
//
// The page knows its home from the runtime configuration the server writes into it: only the Firebase home's carries
// `firebase` (its sign-in settings). Every file takes its home's one way, whatever its size, so no file near the
// limit depends on how large the form around it turns out.
import type { MediaItem } from '../../domain/content-types';
import type { StagedUpload } from '../../api/media';
import { BackendError, type MediaUploadMeta } from '../port';
import type { Requester } from './request';

export type UploadWay = 'request' | 'storage';

/** How this page's uploads go: straight to storage on the Firebase home, in the request elsewhere (and off a page). */
export function uploadWayOf(doc: Document | undefined = typeof document === 'undefined' ? undefined : document) {
  const text = doc?.getElementById('studio-config')?.textContent ?? '';
  try {
    return (JSON.parse(text) as { firebase?: unknown }).firebase ? 'storage' : 'request';
  } catch {
    return 'request';
  }
}

/**
 * Bytes per PUT: a multiple of 256 KiB, as Cloud Storage requires of every chunk but the last. A dropped connection
 * costs at most one chunk, and no request holds the whole of a 200 MB video.
 */
export const CHUNK_BYTES = 8 * 1024 * 1024;
/** Tries of one chunk before the upload fails (a dropped connection, a 5xx or 429 from storage). */
const TRIES = 4;

const broken = (status = 0) =>
  new BackendError(status === 0 ? 'network' : 'internal', 'The upload to storage was cut off. Upload the file again.', {
    status,
  });

const retryable = (status: number) => status === 0 || status === 429 || status >= 500;

/** Where the session stands after a cut: the bytes it keeps (its Range header, "bytes=0-<last>"), or 0. */
async function persisted(url: string, total: number, doFetch: typeof fetch): Promise<number | null> {
  try {
    const res = await doFetch(url, { method: 'PUT', headers: { 'Content-Range': `bytes */${total}` } });
    if (res.status === 200 || res.status === 201) return total;
    if (res.status !== 308) return null;
    const last = /^bytes=0-(\d+)$/.exec(res.headers.get('Range') ?? '')?.[1];
    return last === undefined ? 0 : Number(last) + 1;
  } catch {
    return null;
  }
}

/** PUTs `file` to a resumable upload session in chunks, resuming from what the session kept after a cut. */
export async function sendToSession(url: string, file: Blob, doFetch: typeof fetch = fetch): Promise<void> {
  const total = file.size;
  let at = 0;
  let failures = 0;
  while (at < total) {
    const end = Math.min(at + CHUNK_BYTES, total);
    // 0 for a connection that dropped before an answer.
    const status = await doFetch(url, {
      method: 'PUT',
      headers: { 'Content-Range': `bytes ${at}-${end - 1}/${total}` },
      body: file.slice(at, end),
    }).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200 || status === 201) return;
    if (status === 308) {
      at = end;
      failures = 0;
      continue;
    }
    if (!retryable(status) || ++failures >= TRIES) throw broken(status);
    await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** failures));
    const kept = await persisted(url, total, doFetch);
    if (kept === total) return;
    if (kept !== null) at = kept;
  }
}

/** Her upload straight to storage: the session, the bytes, then the server's processing of them. */
export async function uploadThroughStorage(
  request: Requester,
  file: Blob,
  meta: MediaUploadMeta,
  doFetch: typeof fetch = fetch,
): Promise<MediaItem> {
  const { id, url } = await request<StagedUpload>('POST', '/api/admin/media/uploads', {
    contentType: file.type,
    bytes: file.size,
  });
  await sendToSession(url, file, doFetch);
  return request<MediaItem>('POST', `/api/admin/media/uploads/${encodeURIComponent(id)}`, meta);
}

/** Her upload in the request itself (the embedded home). */
export function uploadInRequest(request: Requester, file: Blob, meta: MediaUploadMeta): Promise<MediaItem> {
  const form = new FormData();
  // The text fields first: the server reads them before it streams the file.
  form.append('alt', meta.alt);
  form.append('section', meta.section);
  form.append('file', file, file instanceof File ? file.name : 'upload');
  return request<MediaItem>('POST', '/api/admin/media', form);
}
