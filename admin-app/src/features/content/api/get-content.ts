// The admin's reads of her site's content. The lists only she sees are cached under the admin prefix
// (forgotten when the dashboard goes); the public reads are the public pages' own keys, shared in one cache.
//
// Her own saves drop these keys, so each is read again after a save: while that read is under way the last answer
// stays on screen, so a form does not vanish into a spinner (and lose its "Saved") and focus stays where she was.
import { useRef } from 'react';
import { portfolioKey, siteKey, useQuery, type QueryKey, type QueryState } from '@studio/shared/data';
import type { Backend } from '@studio/shared/data';
import { adminKey } from '../../../lib/query-keys';

export const contentKey = [...adminKey, 'content'] as const;
const adminServicesKey = [...contentKey, 'services'] as const;
const adminProjectsKey = [...contentKey, 'projects'] as const;

function useKeptQuery<T>(key: QueryKey, load: (backend: Backend) => Promise<T>): QueryState<T> {
  const state = useQuery(key, load);
  const last = useRef<{ data: T } | null>(null);
  if (state.status === 'ready') last.current = { data: state.data };
  return state.status === 'loading' && last.current ? { status: 'ready', data: last.current.data } : state;
}

export const useAdminServices = () => useKeptQuery(adminServicesKey, (backend) => backend.content.listServices());
export const useSite = () => useKeptQuery(siteKey, (backend) => backend.content.getSite());
export const usePortfolio = () =>
  useKeptQuery([...portfolioKey, 'content'], (backend) => backend.portfolio.getContent());
export const usePortfolioMeta = () => useKeptQuery([...portfolioKey, 'meta'], (backend) => backend.portfolio.getMeta());
export const useAdminProjects = () => useKeptQuery(adminProjectsKey, (backend) => backend.content.listProjects());
