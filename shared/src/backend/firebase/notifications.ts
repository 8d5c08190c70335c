// The admin's SMS choice in settings/sms (docs/product.md §4). SMS_ENABLED lives in the functions' environment,
// where it overrides this choice when a message is sent.
import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore/lite';
import { smsFlagInForce } from '../../domain/sms';
import type { NotificationsPort } from '../port';
import { mapped } from './errors';
import type { FirebaseContext } from './firebase-context';
import { COLLECTIONS, SETTINGS_SMS_DOC } from './paths';

export function createNotificationsPort(ctx: FirebaseContext): NotificationsPort {
  return {
    getSmsStatus: () =>
      mapped(async () => {
        const snap = await getDoc(doc(ctx.db(), COLLECTIONS.settings, SETTINGS_SMS_DOC));
        const value: unknown = snap.exists() ? snap.data().smsEnabled : null;
        return smsFlagInForce(undefined, typeof value === 'boolean' ? value : null);
      }),
    setSmsEnabled: (enabled) =>
      mapped(async () => {
        const { parseOrThrow, settingsUpdateSchema } = await import('./validation');
        const { smsEnabled } = parseOrThrow(settingsUpdateSchema, { smsEnabled: enabled });
        await setDoc(doc(ctx.db(), COLLECTIONS.settings, SETTINGS_SMS_DOC), {
          smsEnabled,
          updatedAt: serverTimestamp(),
        });
        return smsFlagInForce(undefined, smsEnabled);
      }),
  };
}
