// The release the site runs, for the dashboard's footer (which release answers is the first question when
// something is off).
import { useQuery } from '@studio/shared/data';
import { runningRelease } from '@studio/shared/backend/http/release';
import { adminKey } from '../../../lib/query-keys';

export const releaseKey = [...adminKey, 'release'] as const;

export const useRelease = () => useQuery(releaseKey, () => runningRelease());
