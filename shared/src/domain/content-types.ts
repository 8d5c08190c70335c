// Her site's content (docs/product.md §3): the portfolio's words and media, her projects and their galleries, her
// details and her comp card.

export interface PrintConceptDetails {
  style: string;
  wardrobe: string;
  setting: string;
  purpose: string;
}

export interface PortfolioCategory {
  id: string;
  label: string;
  description: string;
}

/** Her portfolio as she saves it, in one save: the words and the media together. */
export interface Portfolio {
  meta: PortfolioMeta;
  content: PortfolioContent;
}

/** The portfolioMeta document 'main' (docs/product.md §3). */
export interface PortfolioMeta {
  /** Runway section id -> section title. */
  RUNWAY_SECTION_MAP: Record<string, string>;
  /** Runway section id -> subtitle. */
  RUNWAY_SECTION_SUBTITLES: Record<string, string>;
  /** Print concept display names, in display order. */
  PRINT_CONCEPTS: string[];
  /** Print concept display name -> concept key (editorial, commercial, ...). */
  PRINT_CONCEPT_KEY_MAP: Record<string, string>;
  /** Concept key -> details. */
  PRINT_CONCEPT_DETAILS: Record<string, PrintConceptDetails>;
  portfolioCategories: PortfolioCategory[];
  ugcReels: string[];
}

export interface MediaItem {
  /** The upload's id (POST /api/admin/media), for a file the admin uploaded; seeded media have none. */
  id?: string;
  type: 'image' | 'video';
  url: string;
  /** The alt text of an image, the title of a video. */
  name: string;
  width?: number;
  height?: number;
  /** Responsive variants of an image ('url 480w, url 960w'), when the build produced them. */
  srcSet?: string;
  /** A still frame for a video. */
  poster?: string;
  /** A tiny blurred copy of an upload as a data: URI (a few hundred bytes), shown while the image loads. */
  placeholder?: string;
  /** Shown under the image; the alt text (name) describes it, the caption tells its story. */
  caption?: string;
}

/** The portfolio content JSON (docs/product.md §3). */
export interface PortfolioContent {
  runway: Record<string, MediaItem[]>;
  print: Record<string, MediaItem[]>;
  'comp-card': MediaItem[];
  digitals: MediaItem[];
  /**
   * Photos and videos she uploaded into the UGC section, shown beside the reel links of the metadata.
   * Absent in content stored before: read as none.
   */
  ugc?: MediaItem[];
}

export interface Project {
  id: string;
  title: string;
  description: string;
  category: string;
}

export interface Gallery {
  /** Image addresses pasted before uploads reached projects; the editor turns them into `media` items. */
  images: string[];
  videos: string[];
  /**
   * Photos and videos she uploaded into the project (section 'projects/<id>'), in her order. Absent in a
   * gallery stored before: read as none.
   */
  media?: MediaItem[];
}

/** A link to one of her social profiles, shown in the footer. */
export interface SocialLink {
  label: string;
  url: string;
}

/** Site details: who she is and how to reach her, shown in the footer and on the about page. */
export interface SiteDetails {
  name: string;
  tagline: string;
  /** The home page's hero image URL; empty for the built-in one. */
  heroImage: string;
  /** The about page text; paragraphs separated by blank lines. */
  about: string;
  email: string;
  phone: string;
  agency: string;
  social: SocialLink[];
}

export const MEASUREMENT_UNITS = ['imperial', 'metric'] as const;
export type MeasurementUnits = (typeof MEASUREMENT_UNITS)[number];

/** Her comp card measurements, as she writes them (5'9", 175 cm), in the units she chose. */
export interface CompCardStats {
  units: MeasurementUnits;
  height: string;
  bust: string;
  waist: string;
  hips: string;
  dress: string;
  shoe: string;
  hair: string;
  eyes: string;
}

/** What every public page may read of the site: her details and her comp card measurements. */
export interface SiteContent {
  details: SiteDetails;
  compCard: CompCardStats;
}

/** A project with its gallery, as the admin writes it. */
export interface ProjectWithGallery {
  project: Project;
  gallery: Gallery;
}
