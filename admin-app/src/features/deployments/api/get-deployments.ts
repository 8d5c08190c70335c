// The remotes' deployed versions (docs/deploy.md); null on a backend without them (Firebase: Hosting's history).
import { useQuery } from '@studio/shared/data';
import { deploymentsOf } from '@studio/shared/backend/http/deployments';
import { adminKey } from '../../../lib/query-keys';

export const deploymentsKey = [...adminKey, 'deployments'] as const;

export const useDeployments = () =>
  useQuery(deploymentsKey, (backend) => deploymentsOf(backend)?.list() ?? Promise.resolve(null));
