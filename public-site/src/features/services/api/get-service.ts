// One service by id, picked from the shared services list: no request of its own, and none at all when the visitor
// comes from the home page, which already read the list.
import type { QueryState } from '@studio/shared/data';
import { withServiceDefaults, type Service } from '@studio/shared/domain';
import { useServices } from '../../../api/get-services';

/** Ready with null when no service has this id ('Service Not Found'). */
export function useService(serviceId: string): QueryState<Service | null> {
  const services = useServices();
  if (services.status !== 'ready') return services;
  const found = services.data.find((s) => s.id === serviceId);
  return { status: 'ready', data: found ? withServiceDefaults(found) : null };
}
