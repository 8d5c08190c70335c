// The admin's content writes on Firebase (issue 16). Planned: this backend does not take them yet (docs/product.md
// §2 says so); each call answers 'not-supported' so the dashboard can say it, and the public site details read as
// empty, which keeps every page's built-in text.
import { EMPTY_SITE_CONTENT } from '../../domain/content';
import { BackendError, type ContentPort } from '../port';
import type { FirebaseContext } from './firebase-context';

export const CONTENT_WRITES_NOT_SUPPORTED =
  'Editing the site from the dashboard is not available on the Firebase backend yet; use the Firebase console.';

export function createContentAdminPort(_ctx: FirebaseContext): ContentPort {
  const refuse = async (): Promise<never> => {
    throw new BackendError('not-supported', CONTENT_WRITES_NOT_SUPPORTED);
  };
  return {
    getSite: async () => structuredClone(EMPTY_SITE_CONTENT),
    saveSiteDetails: refuse,
    saveCompCard: refuse,
    listServices: refuse,
    saveService: refuse,
    deleteService: refuse,
    reorderServices: refuse,
    savePortfolioMeta: refuse,
    savePortfolioContent: refuse,
    listProjects: refuse,
    saveProject: refuse,
    deleteProject: refuse,
    uploadMedia: refuse,
    deleteMedia: refuse,
  };
}
