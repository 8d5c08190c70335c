// The admin's content saves. Each drops the public reads it changes as well as her own lists, so the
// public pages, which share this cache, read again on their next visit.
import { portfolioKey, servicesKey, siteKey, useMutation, type Backend } from '@studio/shared/data';
import type {
  CompCardStats,
  Portfolio,
  PortfolioContent,
  PortfolioMeta,
  ProjectWithGallery,
  Service,
  SiteDetails,
} from '@studio/shared/domain';
import { contentKey } from './get-content';

const CHANGED_KEYS = [servicesKey, portfolioKey, siteKey, contentKey];

const write =
  <I, O>(call: (backend: Backend, input: I) => Promise<O>) =>
  () =>
    useMutation(call, { invalidates: CHANGED_KEYS });

export const useSaveService = write((backend, service: Service) => backend.content.saveService(service));
export const useDeleteService = write((backend, id: string) => backend.content.deleteService(id));
export const useReorderServices = write((backend, ids: string[]) => backend.content.reorderServices(ids));
export const useSaveSiteDetails = write((backend, details: SiteDetails) => backend.content.saveSiteDetails(details));
export const useSaveCompCard = write((backend, stats: CompCardStats) => backend.content.saveCompCard(stats));
export const useSavePortfolioContent = write((backend, content: PortfolioContent) =>
  backend.content.savePortfolioContent(content),
);
export const useSavePortfolioMeta = write((backend, meta: PortfolioMeta) => backend.content.savePortfolioMeta(meta));
export const useSavePortfolio = write((backend, portfolio: Portfolio) => backend.content.savePortfolio(portfolio));
export const useSaveProject = write((backend, entry: ProjectWithGallery) => backend.content.saveProject(entry));
export const useDeleteProject = write((backend, id: string) => backend.content.deleteProject(id));
export const useUploadMedia = () =>
  useMutation((backend, input: { file: File; alt: string; section: string }) =>
    backend.content.uploadMedia(input.file, { alt: input.alt, section: input.section }),
  );
/** Removes an upload's files, once the saved content no longer shows it. */
export const useDeleteMedia = () => useMutation((backend, id: string) => backend.content.deleteMedia(id));
