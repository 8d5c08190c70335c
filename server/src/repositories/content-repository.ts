// Services, portfolio documents, projects and galleries: read by everyone, written by the seed (and the admin).
import type { Gallery, PortfolioContent, PortfolioMeta, Project, Service } from '@studio/shared/domain';
import type { Db } from '../db/database';

interface ServiceRow {
  id: string;
  display_name: string;
  description: string;
  image: string;
  price: string;
  tiers: string;
}

export const PORTFOLIO_META_ID = 'portfolioMeta/main';
export const PORTFOLIO_CONTENT_ID = 'portfolioContent/main';

export function createContentRepository(db: Db) {
  const listServices = db.prepare('SELECT * FROM services ORDER BY position, id');
  const getDocument = db.prepare('SELECT data, updated_at FROM documents WHERE id = ?');
  const putDocument = db.prepare(
    'INSERT INTO documents (id, data, updated_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at',
  );
  const getProject = db.prepare('SELECT id, title, description, category FROM projects WHERE id = ?');
  const getGallery = db.prepare('SELECT images, videos FROM galleries WHERE project_id = ?');
  const putService = db.prepare(
    `INSERT INTO services (id, position, display_name, description, image, price, tiers) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET position = excluded.position, display_name = excluded.display_name,
       description = excluded.description, image = excluded.image, price = excluded.price, tiers = excluded.tiers`,
  );
  const putProject = db.prepare(
    'INSERT OR REPLACE INTO projects (id, title, description, category) VALUES (?, ?, ?, ?)',
  );
  const putGallery = db.prepare('INSERT OR REPLACE INTO galleries (project_id, images, videos) VALUES (?, ?, ?)');

  const document = <T>(id: string): { data: T; updatedAt: string } | null => {
    const row = getDocument.get(id) as { data: string; updated_at: string } | undefined;
    return row ? { data: JSON.parse(row.data) as T, updatedAt: row.updated_at } : null;
  };

  return {
    listServices(): Service[] {
      return (listServices.all() as ServiceRow[]).map((r) => ({
        id: r.id,
        displayName: r.display_name,
        description: r.description,
        image: r.image,
        price: r.price,
        tiers: JSON.parse(r.tiers) as Service['tiers'],
      }));
    },
    findService(id: string): Service | undefined {
      return this.listServices().find((s) => s.id === id);
    },
    getPortfolioMeta: () => document<PortfolioMeta>(PORTFOLIO_META_ID),
    getPortfolioContent: () => document<PortfolioContent>(PORTFOLIO_CONTENT_ID),
    getProject: (id: string) => (getProject.get(id) as Project | undefined) ?? null,
    getGallery(id: string): Gallery | null {
      const row = getGallery.get(id) as { images: string; videos: string } | undefined;
      return row ? { images: JSON.parse(row.images) as string[], videos: JSON.parse(row.videos) as string[] } : null;
    },
    putService(service: Service, position: number) {
      putService.run(
        service.id,
        position,
        service.displayName,
        service.description,
        service.image,
        service.price,
        JSON.stringify(service.tiers),
      );
    },
    putDocument(id: string, data: unknown, now = new Date().toISOString()) {
      putDocument.run(id, JSON.stringify(data), now);
    },
    putProject(project: Project, gallery: Gallery) {
      putProject.run(project.id, project.title, project.description, project.category);
      putGallery.run(project.id, JSON.stringify(gallery.images), JSON.stringify(gallery.videos));
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
