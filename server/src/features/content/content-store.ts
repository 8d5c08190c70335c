// The content store (services, documents, projects and galleries) and the seed: what the server asks of this storage,
// honoured by content.sqlite.ts and content.firestore.ts alike and proved on both by the storage contract
// (server/test/storage-contract/). The rules every store keeps (Promises, atomic calls, no clock, secrets only as
// hashes): platform/storage/storage-port.ts.
import type {
  AvailabilityPeriodInput,
  Gallery,
  PortfolioContent,
  PortfolioMeta,
  Project,
  ProjectWithGallery,
  Service,
  SiteContent,
  TimeSlotInput,
  UnavailableRangeInput,
} from '@studio/shared/domain';

/** The ids of the one-document-each content. */
export const PORTFOLIO_META_ID = 'portfolioMeta/main';
export const PORTFOLIO_CONTENT_ID = 'portfolioContent/main';
export const SITE_DETAILS_ID = 'site/main';
export const COMP_CARD_ID = 'compCard/main';
export type DocumentId =
  typeof PORTFOLIO_META_ID | typeof PORTFOLIO_CONTENT_ID | typeof SITE_DETAILS_ID | typeof COMP_CARD_ID;

export interface ContentStore {
  /** Every service, hidden ones too, in her order (position, then id). A hidden one carries `hidden: true`. */
  listAllServices(): Promise<Service[]>;
  /** The services not hidden, in her order, without the `hidden` flag: what visitors see and may book. */
  listServices(): Promise<Service[]>;
  /** Any stored service, hidden or not; null when none has that id. */
  findService(id: string): Promise<Service | null>;
  /** Atomic: creates the service at the end of her order, or replaces it where it stands. Answers it as stored. */
  saveService(service: Service): Promise<Service>;
  /** false when none had that id. */
  deleteService(id: string): Promise<boolean>;
  /** Atomic: her new order; false (nothing changed) unless `ids` names every stored service exactly once. */
  reorderServices(ids: string[]): Promise<boolean>;
  /** The site details and comp card, each with EMPTY_SITE_DETAILS / EMPTY_COMP_CARD filling what is not stored. */
  getSite(): Promise<SiteContent>;
  getPortfolioMeta(): Promise<{ data: PortfolioMeta; updatedAt: string } | null>;
  getPortfolioContent(): Promise<{ data: PortfolioContent; updatedAt: string } | null>;
  /** Replaces one document whole; `at` (ISO) is its updatedAt. */
  putDocument(id: DocumentId, data: unknown, at: string): Promise<void>;
  /** Atomic: every document of the list written, or none (her portfolio's words and media, saved by her one Save). */
  putDocuments(documents: ReadonlyArray<{ id: DocumentId; data: unknown }>, at: string): Promise<void>;
  /** Every project with its gallery (empty lists when it has none), ordered by id. */
  listProjects(): Promise<ProjectWithGallery[]>;
  getProject(id: string): Promise<Project | null>;
  getGallery(projectId: string): Promise<Gallery | null>;
  /** Atomic: the project and its gallery, each replaced whole. */
  putProject(project: Project, gallery: Gallery): Promise<void>;
  /** Atomic: the project and its gallery; false when there was no such project. */
  deleteProject(id: string): Promise<boolean>;
}

/** The demo content a fresh site starts with (seed/seed.ts). */
export interface SeedContent {
  /** In her order. */
  services: Service[];
  documents: Array<{ id: DocumentId; data: unknown }>;
  projects: ProjectWithGallery[];
  availability: {
    periods: AvailabilityPeriodInput[];
    unavailable: UnavailableRangeInput[];
    slots: TimeSlotInput[];
  };
}

/** What seeding asks of the storage (the whole Storage of app/storage.ts has it): the seed in one atomic write. */
export interface SeedTarget {
  /**
   * Atomic: stores the seed (documents updated `at`, ISO; availability created `at`) only when no service is stored;
   * true when it did.
   */
  seedIfEmpty(seed: SeedContent, at: string): Promise<boolean>;
}
