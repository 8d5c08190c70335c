// The content calls of the http adapter (what she edits about her site; routes in server/README.md), loaded only
// when a page needs them.
import type {
  CompCardStats,
  Portfolio,
  PortfolioContent,
  PortfolioMeta,
  ProjectWithGallery,
  SiteContent,
  SiteDetails,
} from '../../domain/content-types';
import type { Service } from '../../domain/service-types';
import type { ContentPort } from '../port';
import { uploadInRequest, uploadThroughStorage, uploadWayOf } from './media-upload';
import type { Requester } from './request';

const enc = encodeURIComponent;

export function createHttpContent(request: Requester): ContentPort {
  return {
    getSite: () => request<SiteContent>('GET', '/api/site'),
    saveSiteDetails: (details) => request<SiteDetails>('PUT', '/api/admin/site', details),
    saveCompCard: (stats) => request<CompCardStats>('PUT', '/api/admin/comp-card', stats),
    listServices: () => request<Service[]>('GET', '/api/admin/services'),
    saveService: (service) => request<Service>('PUT', `/api/admin/services/${enc(service.id)}`, service),
    deleteService: (id) => request('DELETE', `/api/admin/services/${enc(id)}`),
    reorderServices: (ids) => request<Service[]>('PUT', '/api/admin/service-order', { ids }),
    savePortfolioMeta: (meta) => request<PortfolioMeta>('PUT', '/api/admin/portfolio/meta', meta),
    savePortfolioContent: (content) => request<PortfolioContent>('PUT', '/api/admin/portfolio/content', content),
    savePortfolio: (portfolio) => request<Portfolio>('PUT', '/api/admin/portfolio', portfolio),
    listProjects: () => request<ProjectWithGallery[]>('GET', '/api/admin/projects'),
    saveProject: (entry) => request<ProjectWithGallery>('PUT', `/api/admin/projects/${enc(entry.project.id)}`, entry),
    deleteProject: (id) => request('DELETE', `/api/admin/projects/${enc(id)}`),
    // In the request on the embedded home, straight to storage on the Firebase home (media-upload.ts).
    uploadMedia: (file, meta) =>
      uploadWayOf() === 'storage' ? uploadThroughStorage(request, file, meta) : uploadInRequest(request, file, meta),
    deleteMedia: (id) => request('DELETE', `/api/admin/media/${enc(id)}`),
  };
}
