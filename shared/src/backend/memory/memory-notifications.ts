// The admin's SMS choice (docs/product.md §4: an environment value would override it; the memory adapter has none).
import { smsFlagInForce } from '../../domain/sms';
import { settingsUpdateSchema } from '../../schemas';
import type { NotificationsPort } from '../port';
import type { MemorySession } from './memory-session';
import { parseOrThrow } from './memory-support';

export function createMemoryNotifications(initial: boolean | null, session: MemorySession): NotificationsPort {
  let smsEnabled = initial;
  return {
    getSmsStatus: async () => {
      session.requireAdmin();
      return smsFlagInForce(undefined, smsEnabled);
    },
    setSmsEnabled: async (enabled) => {
      session.requireAdmin();
      smsEnabled = parseOrThrow(settingsUpdateSchema, { smsEnabled: enabled }).smsEnabled;
      return smsFlagInForce(undefined, smsEnabled);
    },
  };
}
