// How an uploaded file's bytes reach the work folder, whichever way they came (a multipart request's part, or an
// object her browser sent straight to the bucket): streamed to a temporary file, judged by their first bytes and held
// to the size limit of what they turn out to be. Past that limit, or once they are known to be something the site
// does not take, the rest is read and dropped rather than written.
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@studio/shared/media-upload';
import { UploadRefused, type ReceivedFile } from './media-store';
import { SNIFF_BYTES, sniff, type Sniffed } from './sniff';

const limitOf = (sniffed: Sniffed) => (sniffed.kind === 'video' ? MEDIA_LIMITS.videoBytes : MEDIA_LIMITS.imageBytes);

const tooLargeMessage = (sniffed: Sniffed) =>
  sniffed.kind === 'video' ? MEDIA_MESSAGES.videoTooLarge : MEDIA_MESSAGES.imageTooLarge;

export type Received = { file: ReceivedFile } | { refusal: UploadRefused };

/**
 * Streams `source` to `target`, sniffing its first bytes and holding it to its kind's size limit. `truncated` tells
 * whether the source itself stopped counting (the multipart parser's own limit).
 */
export async function receive(source: Readable, target: string, truncated = () => false): Promise<Received> {
  let head = Buffer.alloc(0);
  let sniffed: Sniffed | undefined;
  let bytes = 0;
  let over = false;
  const gate = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (!sniffed) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length >= SNIFF_BYTES) sniffed = sniff(head);
      }
      // Once refused or over its limit, the rest is read (so the request ends normally) but not kept.
      if (over || sniffed?.kind === 'refused') return done();
      if (sniffed && bytes > limitOf(sniffed)) {
        over = true;
        return done();
      }
      done(null, chunk);
    },
  });
  await pipeline(source, gate, createWriteStream(target, { flags: 'wx' }));
  sniffed ??= sniff(head);
  if (sniffed.kind === 'refused') return { refusal: new UploadRefused(415, sniffed.message) };
  if (over || truncated() || bytes > limitOf(sniffed))
    return { refusal: new UploadRefused(413, tooLargeMessage(sniffed)) };
  return { file: { path: target, bytes, sniffed } };
}
