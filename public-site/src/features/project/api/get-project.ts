// A project by its id (docs/product.md §7: projects keyed by projectId); null when there is none.
import { useQuery } from '@studio/shared/data';

export const projectKey = (projectId: string) => ['portfolio', 'project', projectId] as const;

export const useProject = (projectId: string) =>
  useQuery(projectKey(projectId), (backend) => backend.portfolio.getProject(projectId));
