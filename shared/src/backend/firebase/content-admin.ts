// The admin's content writes on Firebase (issue 16), in Firestore: her site details, comp card and order of the
// services in siteContent, services, portfolioMeta/main, portfolioContent/main, projects with their galleries.
// Each write is checked by the entity's shared schema here (the dashboard's messages), and firestore.rules lets the
// admin alone write (a second line that does not trust this code). A visitor is told 'unauthenticated' before any
// request is made. Uploads need the resize function, which is planned: uploadMedia answers 'not-supported'.
import { collection, doc, getDoc, getDocs, setDoc, writeBatch, type DocumentData } from 'firebase/firestore/lite';
import { EMPTY_COMP_CARD, EMPTY_SITE_DETAILS } from '../../domain/content';
import type { CompCardStats, Gallery, Project, Service, SiteDetails } from '../../domain/types';
import { CONTENT_NOT_FOUND, SERVICE_ORDER_MISMATCH } from '../../messages';
import { BackendError, type ContentPort } from '../port';
import { mapped } from './errors';
import type { FirebaseContext } from './firebase-context';
import { COLLECTIONS, SITE_CONTENT_DOCS } from './paths';

// Schemas (zod) are needed for writes only: a lazy chunk, not the first load.
const validation = () => import('./validation');

export const MEDIA_UPLOAD_NOT_SUPPORTED =
  'Uploading photos and videos is not available on the Firebase backend yet; upload them in the Firebase console.';

const notFound = () => new BackendError('not-found', CONTENT_NOT_FOUND, { status: 404 });
const signedOut = () => new BackendError('unauthenticated', 'Please sign in.', { status: 401 });

/** A stored service as the adapter answers it: the document's fields under its id. */
const serviceOf = (id: string, data: DocumentData): Service => ({ ...(data as Omit<Service, 'id'>), id });

/** Every stored service, hidden ones too, in her order (ids she never placed follow, by id). */
export async function allServices(ctx: FirebaseContext): Promise<Service[]> {
  const [snap, order] = await Promise.all([
    getDocs(collection(ctx.db(), COLLECTIONS.services)),
    getDoc(doc(ctx.db(), COLLECTIONS.siteContent, SITE_CONTENT_DOCS.serviceOrder)),
  ]);
  const ids: string[] = order.exists() ? ((order.data().ids as string[] | undefined) ?? []) : [];
  const rank = (id: string) => (ids.includes(id) ? ids.indexOf(id) : ids.length);
  return snap.docs
    .map((d) => serviceOf(d.id, d.data()))
    .sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
}

export async function getSite(ctx: FirebaseContext) {
  const [details, compCard] = await Promise.all([
    getDoc(doc(ctx.db(), COLLECTIONS.siteContent, SITE_CONTENT_DOCS.details)),
    getDoc(doc(ctx.db(), COLLECTIONS.siteContent, SITE_CONTENT_DOCS.compCard)),
  ]);
  return {
    details: details.exists() ? (details.data() as SiteDetails) : structuredClone(EMPTY_SITE_DETAILS),
    compCard: compCard.exists() ? (compCard.data() as CompCardStats) : structuredClone(EMPTY_COMP_CARD),
  };
}

export function createContentAdminPort(
  ctx: FirebaseContext,
  /** Whether someone is signed in (the auth port's current user); the rules decide whether she is the admin. */
  signedIn: () => Promise<boolean>,
): ContentPort {
  /** Runs an admin call: refused at once to a visitor, any Firebase error mapped. */
  const admin = <T>(call: () => Promise<T>): Promise<T> =>
    mapped(async () => {
      if (!(await signedIn())) throw signedOut();
      return call();
    });
  const siteDoc = (id: string) => doc(ctx.db(), COLLECTIONS.siteContent, id);
  const writeOrder = (ids: string[]) => setDoc(siteDoc(SITE_CONTENT_DOCS.serviceOrder), { ids });

  return {
    getSite: () => mapped(() => getSite(ctx)),
    saveSiteDetails: (input) =>
      admin(async () => {
        const { parseOrThrow, siteDetailsSchema } = await validation();
        const details = parseOrThrow(siteDetailsSchema, input);
        await setDoc(siteDoc(SITE_CONTENT_DOCS.details), details);
        return details;
      }),
    saveCompCard: (input) =>
      admin(async () => {
        const { parseOrThrow, compCardSchema } = await validation();
        const stats = parseOrThrow(compCardSchema, input);
        await setDoc(siteDoc(SITE_CONTENT_DOCS.compCard), stats);
        return stats;
      }),
    listServices: () => admin(() => allServices(ctx)),
    saveService: (input) =>
      admin(async () => {
        const { parseOrThrow, serviceInputSchema } = await validation();
        const { id, ...service } = parseOrThrow(serviceInputSchema, input);
        const stored = await allServices(ctx);
        await setDoc(doc(ctx.db(), COLLECTIONS.services, id), service);
        // A new service goes last in her order; an edited one keeps its place.
        if (!stored.some((s) => s.id === id)) await writeOrder([...stored.map((s) => s.id), id]);
        return { id, ...service };
      }),
    deleteService: (id) =>
      admin(async () => {
        const stored = await allServices(ctx);
        if (!stored.some((s) => s.id === id)) throw notFound();
        const batch = writeBatch(ctx.db());
        batch.delete(doc(ctx.db(), COLLECTIONS.services, id));
        batch.set(siteDoc(SITE_CONTENT_DOCS.serviceOrder), { ids: stored.map((s) => s.id).filter((s) => s !== id) });
        await batch.commit();
      }),
    reorderServices: (ids) =>
      admin(async () => {
        const { parseOrThrow, serviceOrderSchema, invalid } = await validation();
        const order = parseOrThrow(serviceOrderSchema, { ids }).ids;
        const stored = await allServices(ctx);
        const known = new Set(stored.map((s) => s.id));
        if (order.length !== known.size || !order.every((id) => known.has(id))) {
          throw invalid({ ids: [SERVICE_ORDER_MISMATCH] }, SERVICE_ORDER_MISMATCH);
        }
        await writeOrder(order);
        return order.map((id) => stored.find((s) => s.id === id) as Service);
      }),
    savePortfolioMeta: (input) =>
      admin(async () => {
        const { parseOrThrow, portfolioMetaInputSchema } = await validation();
        const meta = parseOrThrow(portfolioMetaInputSchema, input);
        await setDoc(doc(ctx.db(), COLLECTIONS.portfolioMeta, 'main'), meta);
        return meta;
      }),
    savePortfolioContent: (input) =>
      admin(async () => {
        const { parseOrThrow, portfolioContentInputSchema } = await validation();
        const content = parseOrThrow(portfolioContentInputSchema, input);
        await setDoc(doc(ctx.db(), COLLECTIONS.portfolioContent, 'main'), content);
        return content;
      }),
    listProjects: () =>
      admin(async () => {
        const [projects, galleries] = await Promise.all([
          getDocs(collection(ctx.db(), COLLECTIONS.projects)),
          getDocs(collection(ctx.db(), COLLECTIONS.galleries)),
        ]);
        const galleryOf = new Map(galleries.docs.map((d) => [d.id, d.data() as Gallery]));
        return projects.docs.map((d) => ({
          project: { ...(d.data() as Omit<Project, 'id'>), id: d.id },
          gallery: galleryOf.get(d.id) ?? { images: [], videos: [] },
        }));
      }),
    saveProject: (input) =>
      admin(async () => {
        const { parseOrThrow, projectInputSchema } = await validation();
        const { project, gallery } = parseOrThrow(projectInputSchema, input);
        const { id, ...fields } = project;
        // The project and its gallery together, or neither.
        const batch = writeBatch(ctx.db());
        batch.set(doc(ctx.db(), COLLECTIONS.projects, id), fields);
        batch.set(doc(ctx.db(), COLLECTIONS.galleries, id), gallery);
        await batch.commit();
        return { project, gallery };
      }),
    deleteProject: (id) =>
      admin(async () => {
        if (!(await getDoc(doc(ctx.db(), COLLECTIONS.projects, id))).exists()) throw notFound();
        const batch = writeBatch(ctx.db());
        batch.delete(doc(ctx.db(), COLLECTIONS.projects, id));
        batch.delete(doc(ctx.db(), COLLECTIONS.galleries, id));
        await batch.commit();
      }),
    uploadMedia: () => admin(() => Promise.reject(new BackendError('not-supported', MEDIA_UPLOAD_NOT_SUPPORTED))),
    deleteMedia: () => admin(() => Promise.reject(new BackendError('not-supported', MEDIA_UPLOAD_NOT_SUPPORTED))),
  };
}
