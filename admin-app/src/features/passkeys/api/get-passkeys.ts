// The admin's passkeys and whether an unused recovery code exists (server/README.md, passkeys).
import { useQuery } from '@studio/shared/data';
import { adminKey } from '../../../lib/query-keys';

export const passkeysKey = [...adminKey, 'passkeys'] as const;

export const usePasskeys = () => useQuery(passkeysKey, (backend) => backend.auth.listPasskeys());
