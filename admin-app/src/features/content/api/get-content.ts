// The admin's reads of her site's content (issue 16). The lists only she sees are cached under the admin prefix
// (forgotten when the dashboard goes); the public reads are the public pages' own keys, shared in one cache.
import { portfolioKey, siteKey, useQuery } from '@studio/shared/data';
import { adminKey } from '../../../lib/query-keys';

export const contentKey = [...adminKey, 'content'] as const;
const adminServicesKey = [...contentKey, 'services'] as const;
const adminProjectsKey = [...contentKey, 'projects'] as const;

export const useAdminServices = () => useQuery(adminServicesKey, (backend) => backend.content.listServices());
export const useSite = () => useQuery(siteKey, (backend) => backend.content.getSite());
export const usePortfolio = () => useQuery([...portfolioKey, 'content'], (backend) => backend.portfolio.getContent());
export const usePortfolioMeta = () => useQuery([...portfolioKey, 'meta'], (backend) => backend.portfolio.getMeta());
export const useAdminProjects = () => useQuery(adminProjectsKey, (backend) => backend.content.listProjects());
