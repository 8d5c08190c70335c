// The admin's settings: today the SMS switch and what is in force (docs/product.md §4: an environment setting
// overrides the admin's value, which overrides the default, off).
import { useQuery } from '@studio/shared/data';
import { adminKey } from '../../../lib/query-keys';

export const settingsKey = [...adminKey, 'settings'] as const;

export const useSettings = () => useQuery(settingsKey, (backend) => backend.notifications.getSmsStatus());
