// Her uploads and the media items the portfolio, the services and the galleries show: the upload's form fields, an
// item as she saves it, and an item as the API answers it.
import { z } from './zod';
import { LIMITS, MEDIA_CAPTION_MAX } from '../domain/constants';
import type { MediaItem } from '../domain/content-types';
import { MEDIA_ALT_REQUIRED, MEDIA_PLACEHOLDER_MAX_CHARS } from '../media-upload';
import { because, filled, line, plain, slug, text, TRIM } from './text-rules';

/**
 * An image's alt text or a video's title: one rule for the upload, which names the item, and
 * for the portfolio editor, which saves it, so the server never takes at upload a name the editor then refuses.
 * Plain text like every name: markup is refused.
 */
export const mediaName = plain(line(LIMITS.mediaName, TRIM));

export const MEDIA_URL_MESSAGE = 'Must be a path on this site (/media/...) or an https link';
/** An image or video address: one of the site's own paths, or an https URL. Never javascript: or data:. */
export const mediaUrl = line(2000, TRIM).refine(
  (s) => {
    if (s === '') return true;
    if (s.startsWith('/')) return !s.startsWith('//') && !s.includes('\\');
    try {
      return new URL(s).protocol === 'https:';
    } catch {
      return false;
    }
  },
  because('format', MEDIA_URL_MESSAGE),
);

export const mediaItemSchema = z.strictObject({
  id: z.string().max(LIMITS.id).optional(),
  type: z.enum(['image', 'video']),
  url: z.string().max(2000),
  name: z.string().max(LIMITS.mediaName),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  srcSet: z.string().max(4000).optional(),
  poster: z.string().max(2000).optional(),
  placeholder: z
    .string()
    .max(MEDIA_PLACEHOLDER_MAX_CHARS)
    .regex(/^data:image\/(webp|jpeg|png);base64,[A-Za-z0-9+/]+=*$/, { message: 'Must be an image data URI' })
    .optional(),
  caption: z.string().max(MEDIA_CAPTION_MAX).optional(),
}) satisfies z.ZodType<MediaItem>;

/**
 * The form fields of an upload (POST /api/admin/media, multipart, beside the `file` part): the alt text, which every
 * image needs (docs/product.md §2: the admin cannot upload an image without describing it), and the portfolio
 * section it goes to ('comp-card', 'runway/<show>', 'print/<concept>', 'services', ...).
 */
export const mediaUploadFieldsSchema = z.strictObject({
  alt: mediaName.refine((s) => s.length > 0, because('required', MEDIA_ALT_REQUIRED)),
  section: z
    .string()
    .max(80, { message: 'Must be 80 characters or less' })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/, {
      message: "Must be a section id such as 'comp-card' or 'runway/fall-show'",
    }),
});

/**
 * She asks to send a file straight to storage (POST /api/admin/media/uploads, the Firebase home, whose function takes
 * no request body over 32 MB): the type and size the file declares, judged by the upload's limits
 * (declaredFileRefusal) before any storage is opened for it.
 */
export const stagedUploadRequestSchema = z.strictObject({
  contentType: z.string().max(200, { message: 'Must be 200 characters or less' }),
  bytes: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});

/**
 * The server's answer: the upload's id, which the POST that finishes it names (POST /api/admin/media/uploads/:id with
 * the alt text and section), and the resumable upload session the browser PUTs the bytes to, bound to the declared
 * type and exactly the declared size.
 */
export const stagedUploadSchema = z.strictObject({ id: z.string().max(100), url: z.string().max(4000) });
export type StagedUpload = z.infer<typeof stagedUploadSchema>;

/** The `:id` of an upload: the UUID the server gave it. */
export const mediaIdParamsSchema = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { message: 'Not a media id' }),
});

export const ALT_TEXT_REQUIRED = 'Alt text is required: describe the image for people who cannot see it';
export const mediaItemInputSchema = z
  .strictObject({
    type: z.enum(['image', 'video']),
    url: mediaUrl.refine(filled, because('required', 'Required')),
    name: mediaName,
    width: z.number().int().positive().max(100_000).optional(),
    height: z.number().int().positive().max(100_000).optional(),
    srcSet: line(4000).optional(),
    poster: mediaUrl.optional(),
    id: slug.optional(),
    placeholder: z
      .string()
      .max(MEDIA_PLACEHOLDER_MAX_CHARS)
      .regex(/^data:image\/(?:png|jpeg|webp|avif);base64,[A-Za-z0-9+/=]+$/, { message: 'Must be an image data URI' })
      .optional(),
    caption: plain(text(MEDIA_CAPTION_MAX, TRIM)).optional(),
  })
  .refine((item) => item.type !== 'image' || item.name !== '', { message: ALT_TEXT_REQUIRED, path: ['name'] });
