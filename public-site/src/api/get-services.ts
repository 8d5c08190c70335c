// The services, read by three features (home, the service page, the booking page): one key in one file, so a visit
// that goes home -> service page -> book-me asks the backend once. It stands outside features/ because features do
// not import each other (docs/architecture.md).
import { servicesKey, useQuery } from '@studio/shared/data';
import type { Backend } from '@studio/shared/data';

export { servicesKey };

export const getServices = (backend: Backend) => backend.services.list();

export const useServices = () => useQuery(servicesKey, getServices);
