// Whether the data folder's disk has room: read when the dashboard opens; the banner (storage-banner.tsx) says what
// a full or almost full disk means for her site.
import { useQuery } from '@studio/shared/data';
import { adminKey } from '../../../lib/query-keys';

export const storageStatusKey = [...adminKey, 'storage-status'] as const;

export const useStorageStatus = () => useQuery(storageStatusKey, (backend) => backend.notifications.getStorageStatus());
