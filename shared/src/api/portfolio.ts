// Her portfolio and projects: the words (runway shows, print concepts, categories, UGC reels) and the media of each
// section, saved together; a project with its gallery; and both as the API answers them.
import { z } from './zod';
import type { Gallery, PortfolioContent, PortfolioMeta, Project, ProjectWithGallery } from '../domain/content-types';
import { mediaItemInputSchema, mediaItemSchema, mediaUrl } from './media';
import { socialUrl } from './site';
import { line, plain, requiredLine, slug, text, TRIM } from './text-rules';

/** The portfolio content's cache-busting `?t=<timestamp>` (docs/product.md §7). */
export const portfolioContentQuerySchema = z.strictObject({ t: z.string().max(40).optional() });

const mediaList = z.array(mediaItemInputSchema).max(300);
export const portfolioContentInputSchema = z.strictObject({
  runway: z.record(slug, mediaList),
  print: z.record(slug, mediaList),
  'comp-card': mediaList,
  digitals: mediaList,
  ugc: mediaList.optional(),
}) satisfies z.ZodType<PortfolioContent, unknown>;

export const portfolioCategoryInputSchema = z.strictObject({
  id: slug,
  label: plain(requiredLine(100)),
  description: plain(text(1000, TRIM)),
});

export const printConceptDetailsInputSchema = z.strictObject({
  style: plain(text(500, TRIM)),
  wardrobe: plain(text(500, TRIM)),
  setting: plain(text(500, TRIM)),
  purpose: plain(text(500, TRIM)),
});

export const RUNWAY_SHOW_LIMIT = 30;
export const PRINT_CONCEPT_LIMIT = 30;
export const CONCEPT_NAME_TAKEN = 'Another print concept already has this name';
export const CONCEPT_KEY_TAKEN = 'Another print concept already uses this address name';
export const CONCEPT_KEY_MISSING = 'Each print concept needs an address name';
export const SUBTITLE_WITHOUT_SHOW = 'A subtitle belongs to a runway show that is not in the list';
export const SHOW_ID_NUMERIC = 'Use at least one letter: an address name of digits only loses its place in the order';
const TOO_MANY_SHOWS = `At most ${RUNWAY_SHOW_LIMIT} runway shows`;

/**
 * The portfolio's words, whose parts must agree (she adds and removes runway shows and print concepts):
 * each concept's name once, each with its own address name (the key of /portfolio/print/<key>), and no subtitle
 * left behind by a removed show. A runway show's place is its key's place in the map, which JSON keeps, except
 * for keys of digits only, which every JavaScript object puts first: those are refused. These checks run once each
 * field is valid on its own (zod's order), so a form shows them after the fields' own messages.
 */
export const portfolioMetaInputSchema = z
  .strictObject({
    RUNWAY_SECTION_MAP: z
      .record(slug, plain(requiredLine(100)))
      .refine((map) => Object.keys(map).length <= RUNWAY_SHOW_LIMIT, { message: TOO_MANY_SHOWS }),
    RUNWAY_SECTION_SUBTITLES: z.record(slug, plain(line(200, TRIM))),
    PRINT_CONCEPTS: z.array(plain(requiredLine(100))).max(PRINT_CONCEPT_LIMIT),
    PRINT_CONCEPT_KEY_MAP: z.record(z.string().max(100), slug),
    PRINT_CONCEPT_DETAILS: z.record(slug, printConceptDetailsInputSchema),
    portfolioCategories: z.array(portfolioCategoryInputSchema).max(30),
    ugcReels: z.array(socialUrl).max(50),
  })
  .superRefine((meta, ctx) => {
    const names = new Set<string>();
    const keys = new Set<string>();
    meta.PRINT_CONCEPTS.forEach((name, i) => {
      if (names.has(name)) ctx.addIssue({ code: 'custom', message: CONCEPT_NAME_TAKEN, path: ['PRINT_CONCEPTS', i] });
      names.add(name);
      const key = meta.PRINT_CONCEPT_KEY_MAP[name];
      if (key === undefined) {
        ctx.addIssue({ code: 'custom', message: CONCEPT_KEY_MISSING, path: ['PRINT_CONCEPTS', i] });
      } else if (keys.has(key)) {
        ctx.addIssue({ code: 'custom', message: CONCEPT_KEY_TAKEN, path: ['PRINT_CONCEPT_KEY_MAP', name] });
      } else {
        keys.add(key);
      }
    });
    for (const id of Object.keys(meta.RUNWAY_SECTION_MAP)) {
      if (/^\d+$/.test(id))
        ctx.addIssue({ code: 'custom', message: SHOW_ID_NUMERIC, path: ['RUNWAY_SECTION_MAP', id] });
    }
    for (const id of Object.keys(meta.RUNWAY_SECTION_SUBTITLES)) {
      if (!(id in meta.RUNWAY_SECTION_MAP)) {
        ctx.addIssue({ code: 'custom', message: SUBTITLE_WITHOUT_SHOW, path: ['RUNWAY_SECTION_SUBTITLES', id] });
      }
    }
  }) satisfies z.ZodType<PortfolioMeta, unknown>;

/** Her whole portfolio saved at once (her editor has one Save): the words and the media, written together. */
export const portfolioInputSchema = z.strictObject({
  meta: portfolioMetaInputSchema,
  content: portfolioContentInputSchema,
});

export const projectInputSchema = z.strictObject({
  project: z.strictObject({
    id: slug,
    title: plain(requiredLine(200)),
    description: plain(text(2000, TRIM)),
    category: plain(line(100, TRIM)),
  }),
  gallery: z.strictObject({
    images: z.array(mediaUrl).max(300),
    videos: z.array(mediaUrl).max(100),
    media: mediaList.optional(),
  }),
}) satisfies z.ZodType<ProjectWithGallery, unknown>;

// ---- What the API answers (a stored value is checked for its shape, not against today's write rules) ----

export const portfolioCategorySchema = z.strictObject({ id: z.string(), label: z.string(), description: z.string() });

export const printConceptDetailsSchema = z.strictObject({
  style: z.string(),
  wardrobe: z.string(),
  setting: z.string(),
  purpose: z.string(),
});

export const portfolioMetaSchema = z.strictObject({
  RUNWAY_SECTION_MAP: z.record(z.string(), z.string()),
  RUNWAY_SECTION_SUBTITLES: z.record(z.string(), z.string()),
  PRINT_CONCEPTS: z.array(z.string()),
  PRINT_CONCEPT_KEY_MAP: z.record(z.string(), z.string()),
  PRINT_CONCEPT_DETAILS: z.record(z.string(), printConceptDetailsSchema),
  portfolioCategories: z.array(portfolioCategorySchema),
  ugcReels: z.array(z.string()),
}) satisfies z.ZodType<PortfolioMeta>;

export const portfolioContentSchema = z.strictObject({
  runway: z.record(z.string(), z.array(mediaItemSchema)),
  print: z.record(z.string(), z.array(mediaItemSchema)),
  'comp-card': z.array(mediaItemSchema),
  digitals: z.array(mediaItemSchema),
  ugc: z.array(mediaItemSchema).optional(),
}) satisfies z.ZodType<PortfolioContent>;

export const projectSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
}) satisfies z.ZodType<Project>;

export const gallerySchema = z.strictObject({
  images: z.array(z.string()),
  videos: z.array(z.string()),
  media: z.array(mediaItemSchema).optional(),
}) satisfies z.ZodType<Gallery>;

export const portfolioSchema = z.strictObject({ meta: portfolioMetaSchema, content: portfolioContentSchema });

export const projectWithGallerySchema = z.strictObject({
  project: projectSchema,
  gallery: gallerySchema,
}) satisfies z.ZodType<ProjectWithGallery>;
