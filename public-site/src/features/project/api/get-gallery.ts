// A project's gallery (docs/product.md §7: galleries keyed by projectId). Asked for only once the project exists
// (`enabled`), so an unknown id costs one request.
import { useQuery } from '@studio/shared/data';

export const galleryKey = (projectId: string) => ['portfolio', 'gallery', projectId] as const;

export const useGallery = (projectId: string, { enabled }: { enabled: boolean }) =>
  useQuery(galleryKey(projectId), (backend) => backend.portfolio.getGallery(projectId), { enabled });
