// What an upload is, judged by its first bytes (the file name and the browser's Content-Type are the sender's word,
// not evidence): a PNG named photo.jpg is a PNG. Only formats the site can show are accepted; SVG (markup that can
// carry scripts) and HEIC get refusals of their own because they are what a phone or a design tool most often hands
// over. A phone's QuickTime video (.mov) is taken: the video pipeline makes an MP4 of it (remux-video.ts).
import { MEDIA_MESSAGES } from '@studio/shared/media-upload';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff';
/** What an uploaded video is; a QuickTime movie ('mov') is served as an MP4 (remux-video.ts, servedFormatOf). */
export type VideoFormat = 'mp4' | 'webm' | 'mov';

/** The container a video is served in: a WebM stays one, every ISO family file (MP4, QuickTime, 3GPP) is an MP4. */
export type ServedVideoFormat = 'mp4' | 'webm';
export const servedFormatOf = (format: VideoFormat): ServedVideoFormat => (format === 'webm' ? 'webm' : 'mp4');

export type Sniffed =
  | { kind: 'image'; format: ImageFormat }
  | { kind: 'video'; format: VideoFormat }
  | { kind: 'refused'; message: string };

/** Bytes to read before judging: enough for every signature below and for a WebM header's DocType. */
export const SNIFF_BYTES = 4096;

/** Brands of MP4 files (ISO base media, MPEG-4, H.264, DASH); what they hold is judged by ffmpeg (remux-video.ts). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
]);

/** Brands of the phone videos that are QuickTime movies or 3GPP files: the same boxes, made into an MP4 on upload. */
const MOVIE_BRANDS = new Set(['qt  ', '3gp4', '3gp5', '3gp6', '3g2a']);

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');
const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);

/** ISO base media ('....ftyp<brand>'): MP4, AVIF, HEIC and QuickTime share the frame and differ by brand. */
function isoBrands(head: Buffer): string[] | undefined {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return undefined;
  const size = Math.min(head.readUInt32BE(0), head.length);
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(head, at, at + 4));
  return brands;
}

/** The EBML DocType of a Matroska-family file ('webm' or 'matroska'), read from the header's first bytes. */
function ebmlDocType(head: Buffer): string | undefined {
  const at = head.indexOf(Buffer.from([0x42, 0x82]));
  if (at < 0 || at + 3 > head.length) return undefined;
  const lengthByte = head[at + 2] ?? 0;
  // A one-byte EBML size (0x80 | n) is what every muxer writes for the DocType.
  if ((lengthByte & 0x80) === 0) return undefined;
  const length = lengthByte & 0x7f;
  return ascii(head, at + 3, at + 3 + length);
}

function looksLikeSvgOrXml(head: Buffer): boolean {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 1024)
    .toLowerCase();
  return (
    text.startsWith('<?xml') || text.startsWith('<svg') || text.startsWith('<!doctype svg') || /<svg[\s>]/.test(text)
  );
}

export function sniff(head: Buffer): Sniffed {
  if (head.length === 0) return { kind: 'refused', message: MEDIA_MESSAGES.empty };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', format: 'jpeg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', format: 'png' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { kind: 'image', format: 'webp' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return { kind: 'image', format: 'gif' };
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]))
    return { kind: 'image', format: 'tiff' };
  const brands = isoBrands(head);
  if (brands) {
    const major = brands[0];
    if (brands.includes('avif') || brands.includes('avis')) return { kind: 'image', format: 'avif' };
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].some((b) => brands.includes(b)))
      return { kind: 'refused', message: MEDIA_MESSAGES.heic };
    if (major !== undefined && MOVIE_BRANDS.has(major)) return { kind: 'video', format: 'mov' };
    if (brands.some((b) => MP4_BRANDS.has(b))) return { kind: 'video', format: 'mp4' };
    return { kind: 'refused', message: MEDIA_MESSAGES.notMedia };
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && ebmlDocType(head) === 'webm')
    return { kind: 'video', format: 'webm' };
  if (looksLikeSvgOrXml(head)) return { kind: 'refused', message: MEDIA_MESSAGES.svg };
  return { kind: 'refused', message: MEDIA_MESSAGES.notMedia };
}
