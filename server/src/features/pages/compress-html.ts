// Server-rendered pages leave compressed. The static files are compressed at build time (their .br and .gz copies);
// a page is written per request, so it is compressed as it is sent: brotli at a fast quality (about a millisecond for
// a 12 KB page, on the thread pool, not the event loop) takes the home page from 12 KB to under 4 KB, which on a
// phone's slow connection is a round trip's worth of the first paint.
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type PageEncoding = 'br' | 'gzip' | 'identity';

/** Below this the compressed page saves less than a packet: it is sent as it is. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The encoding of `accept-encoding` that compresses best: brotli, then gzip, else none. A coding with q=0 is refused
 * and `*` stands for the codings not named (RFC 9110, section 12.5.3).
 */
export function pageEncodingFor(acceptEncoding: string | string[] | undefined): PageEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

/** The page's bytes in `encoding`. */
export function compressPage(html: string, encoding: Exclude<PageEncoding, 'identity'>): Promise<Buffer> {
  const bytes = Buffer.from(html, 'utf8');
  return encoding === 'br'
    ? brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzip(bytes, { level: 6 });
}
