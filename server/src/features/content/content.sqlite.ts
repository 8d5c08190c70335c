// Services, portfolio documents, site details, comp card, projects and galleries in SQLite (ContentStore,
// content-store.ts): read by everyone, written by the seed and the admin. Each admin write is one transaction, so a
// page never reads half of one.
import {
  EMPTY_COMP_CARD,
  EMPTY_SITE_DETAILS,
  withStoredRules,
  type CompCardStats,
  type Gallery,
  type MediaItem,
  type PortfolioContent,
  type PortfolioMeta,
  type Project,
  type ProjectWithGallery,
  type Service,
  type StoredService,
  type SiteContent,
  type SiteDetails,
} from '@studio/shared/domain';
import type { Db } from '../../platform/sqlite/database';
import {
  COMP_CARD_ID,
  PORTFOLIO_CONTENT_ID,
  PORTFOLIO_META_ID,
  SITE_DETAILS_ID,
  type ContentStore,
} from './content-store';

interface ServiceRow {
  id: string;
  display_name: string;
  description: string;
  image: string;
  price: string;
  tiers: string;
  hidden: number;
  /** JSON of ServiceRules; null for a service stored before services had rules. */
  rules: string | null;
}

/**
 * A gallery's columns; all null for a project without a gallery row (the LEFT JOIN), media null in one stored before
 * uploads reached projects.
 */
interface GalleryRow {
  images: string | null;
  videos: string | null;
  media: string | null;
}

const galleryOf = (row: GalleryRow): Gallery => ({
  images: JSON.parse(row.images ?? '[]') as string[],
  videos: JSON.parse(row.videos ?? '[]') as string[],
  ...(row.media ? { media: JSON.parse(row.media) as MediaItem[] } : {}),
});

export { PORTFOLIO_META_ID, PORTFOLIO_CONTENT_ID, SITE_DETAILS_ID, COMP_CARD_ID };

export function createContentRepository(db: Db) {
  const listServices = db.prepare('SELECT * FROM services ORDER BY position, id');
  const getDocument = db.prepare('SELECT data, updated_at FROM documents WHERE id = ?');
  const putDocument = db.prepare(
    'INSERT INTO documents (id, data, updated_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at',
  );
  const getProject = db.prepare('SELECT id, title, description, category FROM projects WHERE id = ?');
  const getGallery = db.prepare('SELECT images, videos, media FROM galleries WHERE project_id = ?');
  const putService = db.prepare(
    `INSERT INTO services (id, position, display_name, description, image, price, tiers, hidden, rules)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET position = excluded.position, display_name = excluded.display_name,
       description = excluded.description, image = excluded.image, price = excluded.price, tiers = excluded.tiers,
       hidden = excluded.hidden, rules = excluded.rules`,
  );
  const positionOf = db.prepare('SELECT position FROM services WHERE id = ?');
  const lastPosition = db.prepare('SELECT COALESCE(MAX(position), -1) AS last FROM services');
  const deleteService = db.prepare('DELETE FROM services WHERE id = ?');
  const setPosition = db.prepare('UPDATE services SET position = ? WHERE id = ?');
  const listProjects = db.prepare(
    `SELECT p.id, p.title, p.description, p.category, g.images, g.videos, g.media
     FROM projects p LEFT JOIN galleries g ON g.project_id = p.id ORDER BY p.id`,
  );
  const deleteProject = db.prepare('DELETE FROM projects WHERE id = ?');
  const deleteGallery = db.prepare('DELETE FROM galleries WHERE project_id = ?');
  const putProject = db.prepare(
    'INSERT OR REPLACE INTO projects (id, title, description, category) VALUES (?, ?, ?, ?)',
  );
  const putGallery = db.prepare(
    'INSERT OR REPLACE INTO galleries (project_id, images, videos, media) VALUES (?, ?, ?, ?)',
  );

  const document = <T>(id: string): { data: T; updatedAt: string } | null => {
    const row = getDocument.get(id) as { data: string; updated_at: string } | undefined;
    return row ? { data: JSON.parse(row.data) as T, updatedAt: row.updated_at } : null;
  };

  const serviceOf = (r: ServiceRow): Service =>
    withStoredRules({
      id: r.id,
      displayName: r.display_name,
      description: r.description,
      image: r.image,
      price: r.price,
      tiers: JSON.parse(r.tiers) as Service['tiers'],
      ...(r.hidden ? { hidden: true } : {}),
      ...(r.rules ? { rules: JSON.parse(r.rules) as StoredService['rules'] } : {}),
    });

  const listAllServices = () => (listServices.all() as ServiceRow[]).map(serviceOf);
  const findService = (id: string) => listAllServices().find((s) => s.id === id) ?? null;
  const writeService = (service: Service, position: number) =>
    putService.run(
      service.id,
      position,
      service.displayName,
      service.description,
      service.image,
      service.price,
      JSON.stringify(service.tiers),
      service.hidden ? 1 : 0,
      service.rules ? JSON.stringify(service.rules) : null,
    );
  const writeDocument = (id: string, data: unknown, at: string) => putDocument.run(id, JSON.stringify(data), at);
  const writeDocuments = db.transaction((documents: ReadonlyArray<{ id: string; data: unknown }>, at: string) => {
    for (const d of documents) writeDocument(d.id, d.data, at);
  });
  const writeProject = db.transaction((project: Project, gallery: Gallery) => {
    putProject.run(project.id, project.title, project.description, project.category);
    putGallery.run(
      project.id,
      JSON.stringify(gallery.images),
      JSON.stringify(gallery.videos),
      gallery.media ? JSON.stringify(gallery.media) : null,
    );
  });

  const saveService = db.transaction((service: Service): Service => {
    const row = positionOf.get(service.id) as { position: number } | undefined;
    const position = row?.position ?? (lastPosition.get() as { last: number }).last + 1;
    writeService(service, position);
    return findService(service.id) as Service;
  });
  const reorderServices = db.transaction((ids: string[]): boolean => {
    const stored = new Set(listAllServices().map((s) => s.id));
    if (ids.length !== stored.size || new Set(ids).size !== ids.length || !ids.every((id) => stored.has(id))) {
      return false;
    }
    ids.forEach((id, position) => setPosition.run(position, id));
    return true;
  });
  const removeProject = db.transaction((id: string): boolean => {
    deleteGallery.run(id);
    return deleteProject.run(id).changes > 0;
  });

  const store: ContentStore = {
    async listAllServices() {
      return listAllServices();
    },
    async listServices() {
      return (listServices.all() as ServiceRow[]).filter((r) => !r.hidden).map(serviceOf);
    },
    async findService(id) {
      return findService(id);
    },
    async saveService(service) {
      return saveService(service);
    },
    async deleteService(id) {
      return deleteService.run(id).changes > 0;
    },
    async reorderServices(ids) {
      return reorderServices(ids);
    },
    async getSite(): Promise<SiteContent> {
      return {
        details: { ...EMPTY_SITE_DETAILS, ...document<SiteDetails>(SITE_DETAILS_ID)?.data },
        compCard: { ...EMPTY_COMP_CARD, ...document<CompCardStats>(COMP_CARD_ID)?.data },
      };
    },
    async listProjects(): Promise<ProjectWithGallery[]> {
      const rows = listProjects.all() as Array<Project & GalleryRow>;
      return rows.map(({ images, videos, media, ...project }) => ({
        project,
        gallery: galleryOf({ images, videos, media }),
      }));
    },
    async deleteProject(id) {
      return removeProject(id);
    },
    getPortfolioMeta: async () => document<PortfolioMeta>(PORTFOLIO_META_ID),
    getPortfolioContent: async () => document<PortfolioContent>(PORTFOLIO_CONTENT_ID),
    getProject: async (id) => (getProject.get(id) as Project | undefined) ?? null,
    async getGallery(id) {
      const row = getGallery.get(id) as GalleryRow | undefined;
      return row ? galleryOf(row) : null;
    },
    async putDocuments(documents, at) {
      writeDocuments(documents, at);
    },
    async putDocument(id, data, at) {
      writeDocument(id, data, at);
    },
    async putProject(project, gallery) {
      writeProject(project, gallery);
    },
  };
  /** The synchronous writes the seed runs inside its own transaction (sqlite-storage.ts). */
  const seedWrites = { writeService, writeDocument, writeProject, serviceCount: () => listAllServices().length };
  return { store, seedWrites };
}

export type ContentRepository = ContentStore;
