// Whether the site's mail reaches anyone: kept in the outbox on purpose, or refused by the mail server and
// waiting to be sent again. Read when the dashboard opens; the banner (mail-banner.tsx) says what it means.
import { useQuery } from '@studio/shared/data';
import { adminKey } from '../../../lib/query-keys';

export const mailStatusKey = [...adminKey, 'mail-status'] as const;

export const useMailStatus = () => useQuery(mailStatusKey, (backend) => backend.notifications.getMailStatus());
