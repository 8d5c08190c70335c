// What the admin may upload (POST /api/admin/media) and the words of every refusal, shared by the server, which
// enforces them, and the admin's upload form, which can check a file's size before sending it. Kept out of the domain
// index so nothing here reaches the public site's bundle.

const MB = 1024 * 1024;

export const MEDIA_LIMITS = {
  /** A photo straight from a camera is 5-30 MB; a 50 MB limit leaves room for a large PNG or TIFF export. */
  imageBytes: 50 * MB,
  /** A short reel as exported by a phone; a longer film belongs on a video host (the UGC reels link to those). */
  videoBytes: 200 * MB,
  /**
   * The longest video the server converts (HEVC from a phone, anything browsers do not play as it is) to H.264: about
   * a second of CPU per second of 4K video, so a minute is about as long as her upload request should wait.
   * A video that plays as it is (H.264, WebM) is copied, whatever its length.
   */
  videoConvertSeconds: 60,
  /** Decoded pixels, checked from the header before anything is decoded (a decompression bomb is refused unread). */
  imagePixels: 100_000_000,
  /** Either side of an image; a 30,000 px panorama or a crafted header is refused. */
  imageSide: 16_000,
  /** Widths of the responsive copies; only those not wider than the image itself (or its own width when under 400). */
  widths: [400, 800, 1200, 1600, 2000, 2400] as readonly number[],
} as const;

export const MEDIA_IMAGE_TYPES = ['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff'] as const;
/** QuickTime ('mov', a phone's video) is taken and served as an MP4. */
export const MEDIA_VIDEO_TYPES = ['mp4', 'webm', 'mov'] as const;
/** For the file picker's `accept`: what the browser should offer (the server still judges by the bytes). */
export const MEDIA_ACCEPT =
  'image/jpeg,image/png,image/webp,image/avif,image/gif,image/tiff,video/mp4,video/webm,video/quicktime,.mov';

/** The placeholder data URI's largest length (a 16 px wide WebP is a few hundred characters). */
export const MEDIA_PLACEHOLDER_MAX_CHARS = 2000;

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
const minutes = (seconds: number) => (seconds === 60 ? '1 minute' : `${seconds / 60} minutes`);

export const MEDIA_MESSAGES = {
  altRequired: 'Describe the image for visitors who cannot see it (alt text).',
  noFile: 'Choose a photo or a video to upload.',
  empty: 'This file is empty.',
  svg: 'SVG images are not accepted: they can carry scripts. Export the image as JPEG or PNG and upload that.',
  heic: 'HEIC photos are not accepted yet. On an iPhone, choose Settings > Camera > Formats > Most Compatible, or export the photo as JPEG.',
  notMedia:
    'This file is not a photo or a video the site can show. Upload a JPEG, PNG, WebP, AVIF, GIF or TIFF image, or an MP4, MOV or WebM video.',
  imageTooLarge: `This image is larger than ${mb(MEDIA_LIMITS.imageBytes)}. Export it smaller (a 2400 px wide JPEG is plenty) and upload that.`,
  videoTooLarge: `This video is larger than ${mb(MEDIA_LIMITS.videoBytes)}. Export a shorter or smaller MP4 and upload that.`,
  requestTooLarge: `This upload is larger than ${mb(MEDIA_LIMITS.videoBytes)}, the most the site accepts.`,
  tooManyPixels: (width: number, height: number) =>
    `This image is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels; the site accepts at most ${MEDIA_LIMITS.imageSide.toLocaleString('en-US')} pixels on a side and ${MEDIA_LIMITS.imagePixels / 1_000_000} megapixels. Export it smaller and upload that.`,
  unreadable: 'This image could not be read; the file may be damaged. Export it again and upload that.',
  videoTooLongToConvert: `This video is in a format browsers cannot play as it is (such as HEVC) and longer than ${minutes(MEDIA_LIMITS.videoConvertSeconds)}, the longest the site converts. Export it as MP4 (H.264) and upload that: on an iPhone, choose Settings > Camera > Formats > Most Compatible.`,
  videoConvertTooSlow:
    'Converting this video to a format browsers play took too long. Export it as MP4 (H.264), or a shorter clip, and upload that.',
  videoUnreadable:
    'This video could not be read; the file may be damaged or in a format the site cannot show. Export it again as MP4 (H.264) and upload that.',
  posterNotImage: 'The poster must be a JPEG, PNG, WebP or AVIF image.',
  posterForImage: 'Only a video takes a poster image.',
  tooManyParts: 'Send one file (and for a video, at most one poster image) with its alt text and section.',
  notMultipart: 'Send the file as multipart/form-data (a form with a file field named "file").',
  notFound: 'This media file does not exist (it may have been deleted already).',
  stagedMissing:
    'The file did not arrive in full (the connection may have dropped, or it was sent already). Upload it again.',
  stagedNotHere: 'This site takes uploads in the upload request itself (POST /api/admin/media).',
} as const;

/** The types a file may declare when she asks to send it straight to storage (the server still sniffs the bytes). */
export const MEDIA_CONTENT_TYPES: Readonly<Record<string, 'image' | 'video'>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/avif': 'image',
  'image/gif': 'image',
  'image/tiff': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
  'video/quicktime': 'video',
};

/** Declared types the site refuses with a message of their own (the rest get notMedia). */
const REFUSED_TYPES: Readonly<Record<string, string>> = {
  'image/svg+xml': MEDIA_MESSAGES.svg,
  'image/heic': MEDIA_MESSAGES.heic,
  'image/heif': MEDIA_MESSAGES.heic,
};

/**
 * Whether a file she declares (its type and size) may be sent straight to storage, by the same limits the upload
 * request applies to the bytes: null when it may, else the status and the words of the refusal. The browser asks
 * before it sends anything, and the server asks again before it opens an upload for it.
 */
export function declaredFileRefusal(contentType: string, bytes: number): { status: number; message: string } | null {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const kind = MEDIA_CONTENT_TYPES[type];
  if (!kind) return { status: 415, message: REFUSED_TYPES[type] ?? MEDIA_MESSAGES.notMedia };
  if (bytes <= 0) return { status: 400, message: MEDIA_MESSAGES.empty };
  if (kind === 'video' && bytes > MEDIA_LIMITS.videoBytes)
    return { status: 413, message: MEDIA_MESSAGES.videoTooLarge };
  if (kind === 'image' && bytes > MEDIA_LIMITS.imageBytes)
    return { status: 413, message: MEDIA_MESSAGES.imageTooLarge };
  return null;
}

export const MEDIA_ALT_REQUIRED = MEDIA_MESSAGES.altRequired;
