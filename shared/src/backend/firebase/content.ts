// Public reads with firestore/lite (docs/product.md §7): the services, portfolioMeta/main, projects and galleries by
// id, and the portfolio content JSON from Storage (a lazy chunk) fetched past every cache.
import { collection, doc, getDoc, getDocs } from 'firebase/firestore/lite';
import type { Gallery, PortfolioContent, PortfolioMeta, Project, Service } from '../../domain/types';
import { BackendError, type Backend } from '../port';
import { mapped } from './errors';
import type { FirebaseContext } from './firebase-context';
import { COLLECTIONS, PORTFOLIO_CONTENT_PATH } from './paths';

/** Appends the cache-busting parameter to a URL that may already carry a query (Storage URLs do: ?alt=media&token). */
export function withCacheBust(url: string, t: number): string {
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}t=${t}${hash}`;
}

/** What a visitor sees: the services she has not hidden, without the flag. */
export async function listServices(ctx: FirebaseContext): Promise<Service[]> {
  const snap = await getDocs(collection(ctx.db(), COLLECTIONS.services));
  return snap.docs.flatMap((d) => {
    const { hidden, ...service } = d.data() as Omit<Service, 'id'>;
    return hidden ? [] : [{ ...service, id: d.id }];
  });
}

/** The portfolio as she saved it (portfolioContent/main), or the JSON in Storage of a site she never edited. */
async function getContent(ctx: FirebaseContext): Promise<PortfolioContent> {
  const saved = await getDoc(doc(ctx.db(), COLLECTIONS.portfolioContent, 'main'));
  if (saved.exists()) return saved.data() as PortfolioContent;
  return getStoredContent(ctx);
}

async function getStoredContent(ctx: FirebaseContext): Promise<PortfolioContent> {
  const { mod, storage } = await ctx.storage();
  const url = await mod.getDownloadURL(mod.ref(storage, PORTFOLIO_CONTENT_PATH));
  const doFetch = ctx.options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let response: Response;
  try {
    response = await doFetch(withCacheBust(url, ctx.now().getTime()), { cache: 'no-store' });
  } catch {
    throw new BackendError('network', 'Network error: the portfolio content could not be loaded.');
  }
  if (!response.ok) {
    throw new BackendError(response.status === 404 ? 'not-found' : 'unavailable', 'No portfolio content available.', {
      status: response.status,
    });
  }
  return (await response.json()) as PortfolioContent;
}

export function createContentPorts(ctx: FirebaseContext): Pick<Backend, 'services' | 'portfolio'> {
  return {
    services: { list: () => mapped(() => listServices(ctx)) },
    portfolio: {
      getMeta: () =>
        mapped(async () => {
          const snap = await getDoc(doc(ctx.db(), COLLECTIONS.portfolioMeta, 'main'));
          if (!snap.exists()) throw new BackendError('not-found', 'Not found', { status: 404 });
          return snap.data() as PortfolioMeta;
        }),
      getContent: () => mapped(() => getContent(ctx)),
      getProject: (id) =>
        mapped(async () => {
          const snap = await getDoc(doc(ctx.db(), COLLECTIONS.projects, id));
          return snap.exists() ? ({ ...(snap.data() as Omit<Project, 'id'>), id: snap.id } as Project) : null;
        }),
      getGallery: (id) =>
        mapped(async () => {
          const snap = await getDoc(doc(ctx.db(), COLLECTIONS.galleries, id));
          if (!snap.exists()) return null;
          const data = snap.data();
          return { images: (data.images ?? []) as string[], videos: (data.videos ?? []) as string[] } satisfies Gallery;
        }),
    },
  };
}
