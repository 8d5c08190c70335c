// Services, portfolio documents, site details, comp card, projects and galleries in Firestore (the Firebase home's
// ContentStore, content-store.ts).
//
// Documents:
// - services/{id}: the service with its `position` in her order; `tiers` as the JSON text the SQLite row keeps (a
//   service reads back exactly as it was saved, whatever the tiers hold).
// - contentMeta/services: `version`, written by every save and reorder. A new service takes the position after the
//   last; a reorder must name every stored service. Both read the whole collection, which Firestore does not lock
//   against a document added meanwhile: reading and writing this one document too puts the two in an order.
// - contentDocuments/{name}: the one-document-each content (PORTFOLIO_META_ID ... as 'portfolioMeta-main'), its data
//   as JSON text (as SQLite keeps it: Firestore stores no nested arrays or undefined values) and updatedAt.
// - projects/{id}: the project and its gallery in one document, so they are written and deleted together.
//
// Service and project ids are hers and may be any text: document-ids.ts makes a valid document id of each, and the
// document keeps the id itself. Lists are read whole and ordered here as SQLite orders them (position or id, byte
// order of the UTF-8 text, as its binary collation compares).
import { FieldValue, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  EMPTY_COMP_CARD,
  EMPTY_SITE_DETAILS,
  withStoredRules,
  type CompCardStats,
  type Gallery,
  type PortfolioContent,
  type PortfolioMeta,
  type Project,
  type ProjectWithGallery,
  type Service,
  type StoredService,
  type SiteDetails,
} from '@studio/shared/domain';
import {
  COMP_CARD_ID,
  PORTFOLIO_CONTENT_ID,
  PORTFOLIO_META_ID,
  SITE_DETAILS_ID,
  type ContentStore,
  type DocumentId,
} from './content-store';
import { documentIdOf } from '../../platform/firestore/document-ids';
import { runTransaction } from '../../platform/firestore/transaction';

export const SERVICES = 'services';
export const CONTENT_META = 'contentMeta';
export const CONTENT_DOCUMENTS = 'contentDocuments';
export const PROJECTS = 'projects';

interface ServiceDoc {
  id: string;
  position: number;
  displayName: string;
  description: string;
  image: string;
  price: string;
  tiers: string;
  hidden: boolean;
  /** JSON of ServiceRules, as SQLite keeps it; absent for a service stored before services had rules. */
  rules?: string;
}

interface ProjectDoc extends Project, Gallery {}

/** SQLite's binary collation: UTF-8 byte order (a code-unit comparison differs past the Basic Multilingual Plane). */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

const serviceOf = (d: ServiceDoc): Service =>
  withStoredRules({
    id: d.id,
    displayName: d.displayName,
    description: d.description,
    image: d.image,
    price: d.price,
    tiers: JSON.parse(d.tiers) as Service['tiers'],
    ...(d.hidden ? { hidden: true } : {}),
    ...(d.rules ? { rules: JSON.parse(d.rules) as StoredService['rules'] } : {}),
  });

/** The document name of a DocumentId ('portfolioMeta/main' -> 'portfolioMeta-main': a '/' would be a path). */
const documentName = (id: DocumentId) => id.replace('/', '-');

const serviceDocOf = (service: Service, position: number): ServiceDoc => ({
  id: service.id,
  position,
  displayName: service.displayName,
  description: service.description,
  image: service.image,
  price: service.price,
  tiers: JSON.stringify(service.tiers),
  hidden: service.hidden === true,
  ...(service.rules ? { rules: JSON.stringify(service.rules) } : {}),
});

const documentDocOf = (data: unknown, at: string) => ({ json: JSON.stringify(data), updatedAt: at });

const projectDocOf = (project: Project, gallery: Gallery): ProjectDoc => ({
  id: project.id,
  title: project.title,
  description: project.description,
  category: project.category,
  images: [...gallery.images],
  videos: [...gallery.videos],
  ...(gallery.media ? { media: gallery.media } : {}),
});

/** A project document's gallery; `media` is absent in one written before uploads reached projects. */
const galleryOf = (d: ProjectDoc): Gallery => ({
  images: d.images,
  videos: d.videos,
  ...(d.media ? { media: d.media } : {}),
});

/**
 * The content's writes inside a transaction of the caller's (the storage's seedIfEmpty, storage.ts), in the same
 * documents the store writes: the first seed is one atomic write, as SQLite's is.
 */
export function contentSeedWrites(db: Firestore) {
  const services = db.collection(SERVICES);
  return {
    /** The document every service write reads and writes: a transaction that reads it is ordered with them. */
    guard: db.collection(CONTENT_META).doc('services'),
    /** Whether any service is stored (read in the transaction). */
    async anyService(tx: Transaction): Promise<boolean> {
      return !(await tx.get(services.limit(1))).empty;
    },
    writeServices(tx: Transaction, list: readonly Service[]) {
      list.forEach((service, position) =>
        tx.set(services.doc(documentIdOf(service.id)), serviceDocOf(service, position)),
      );
      tx.set(this.guard, { version: FieldValue.increment(1) }, { merge: true });
    },
    writeDocument(tx: Transaction, id: DocumentId, data: unknown, at: string) {
      tx.set(db.collection(CONTENT_DOCUMENTS).doc(documentName(id)), documentDocOf(data, at));
    },
    writeProject(tx: Transaction, project: Project, gallery: Gallery) {
      tx.set(db.collection(PROJECTS).doc(documentIdOf(project.id)), projectDocOf(project, gallery));
    },
  };
}

export function createFirestoreContentStore(db: Firestore): ContentStore {
  const services = db.collection(SERVICES);
  const guard = db.collection(CONTENT_META).doc('services');
  const documents = db.collection(CONTENT_DOCUMENTS);
  const projects = db.collection(PROJECTS);
  const serviceRef = (id: string) => services.doc(documentIdOf(id));
  const projectRef = (id: string) => projects.doc(documentIdOf(id));

  const inOrder = (docs: DocumentSnapshot[]) =>
    docs.map((d) => d.data() as ServiceDoc).sort((a, b) => a.position - b.position || byteOrder(a.id, b.id));

  const listAllServices = async () => inOrder((await services.get()).docs).map(serviceOf);

  const document = async <T>(id: DocumentId): Promise<{ data: T; updatedAt: string } | null> => {
    const snap = await documents.doc(documentName(id)).get();
    if (!snap.exists) return null;
    return { data: JSON.parse(snap.get('json') as string) as T, updatedAt: snap.get('updatedAt') as string };
  };

  return {
    listAllServices,

    async listServices() {
      return (await listAllServices()).filter((s) => !s.hidden);
    },

    async findService(id) {
      const snap = await serviceRef(id).get();
      return snap.exists ? serviceOf(snap.data() as ServiceDoc) : null;
    },

    saveService(service) {
      return runTransaction(db, async (tx) => {
        // Reads one after the other (a read in flight when Firestore aborts another is not retried).
        await tx.get(guard);
        const ref = serviceRef(service.id);
        const stored = await tx.get(ref);
        let position = stored.get('position') as number | undefined;
        if (position === undefined) {
          const all = await tx.get(services.select('position'));
          position = Math.max(-1, ...all.docs.map((d) => d.get('position') as number)) + 1;
        }
        const doc = serviceDocOf(service, position);
        tx.set(ref, doc);
        tx.set(guard, { version: FieldValue.increment(1) }, { merge: true });
        return serviceOf(doc);
      });
    },

    deleteService(id) {
      // Read and delete in one transaction: the answer says whether this call removed it, and a reorder that read it
      // conflicts with its removal.
      return runTransaction(db, async (tx) => {
        const ref = serviceRef(id);
        if (!(await tx.get(ref)).exists) return false;
        tx.delete(ref);
        return true;
      });
    },

    reorderServices(ids) {
      return runTransaction(db, async (tx) => {
        await tx.get(guard);
        const all = await tx.get(services.select('id'));
        const stored = new Map(all.docs.map((d) => [d.get('id') as string, d.ref]));
        if (ids.length !== stored.size || new Set(ids).size !== ids.length || !ids.every((id) => stored.has(id))) {
          return false;
        }
        ids.forEach((id, position) => tx.update(stored.get(id)!, { position }));
        tx.set(guard, { version: FieldValue.increment(1) }, { merge: true });
        return true;
      });
    },

    async getSite() {
      const details = await document<SiteDetails>(SITE_DETAILS_ID);
      const compCard = await document<CompCardStats>(COMP_CARD_ID);
      return {
        details: { ...EMPTY_SITE_DETAILS, ...details?.data },
        compCard: { ...EMPTY_COMP_CARD, ...compCard?.data },
      };
    },

    getPortfolioMeta: () => document<PortfolioMeta>(PORTFOLIO_META_ID),
    getPortfolioContent: () => document<PortfolioContent>(PORTFOLIO_CONTENT_ID),

    async putDocument(id, data, at) {
      await documents.doc(documentName(id)).set(documentDocOf(data, at));
    },

    async putDocuments(list, at) {
      const batch = db.batch();
      for (const d of list) batch.set(documents.doc(documentName(d.id)), documentDocOf(d.data, at));
      await batch.commit();
    },

    async listProjects(): Promise<ProjectWithGallery[]> {
      const snap = await projects.get();
      return snap.docs
        .map((d) => d.data() as ProjectDoc)
        .sort((a, b) => byteOrder(a.id, b.id))
        .map((d) => ({
          project: { id: d.id, title: d.title, description: d.description, category: d.category },
          gallery: galleryOf(d),
        }));
    },

    async getProject(id) {
      const snap = await projectRef(id).get();
      if (!snap.exists) return null;
      const d = snap.data() as ProjectDoc;
      return { id: d.id, title: d.title, description: d.description, category: d.category };
    },

    async getGallery(projectId) {
      const snap = await projectRef(projectId).get();
      if (!snap.exists) return null;
      return galleryOf(snap.data() as ProjectDoc);
    },

    async putProject(project, gallery) {
      await projectRef(project.id).set(projectDocOf(project, gallery));
    },

    deleteProject(id) {
      return runTransaction(db, async (tx) => {
        const ref = projectRef(id);
        if (!(await tx.get(ref)).exists) return false;
        tx.delete(ref);
        return true;
      });
    },
  };
}
