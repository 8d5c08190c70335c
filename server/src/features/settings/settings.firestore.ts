// The admin's settings in Firestore (the Firebase home's SettingsStore, settings-store.ts): one document per setting in
// `settings`, its value in `value`, as the SQLite table keeps one row per key. A setting she clears is deleted, so
// "never set" reads as null in both homes.
import type { Firestore } from 'firebase-admin/firestore';
import type { QuoteSettings } from '@studio/shared/domain/quote';
import type { SettingsStore } from './settings-store';

export const SETTINGS = 'settings';

export function createFirestoreSettingsStore(db: Firestore): SettingsStore {
  const settings = db.collection(SETTINGS);
  const read = async (key: string): Promise<unknown> => {
    const snap = await settings.doc(key).get();
    return snap.exists ? snap.get('value') : null;
  };
  const write = async (key: string, value: boolean | string | null) => {
    if (value === null) await settings.doc(key).delete();
    else await settings.doc(key).set({ value });
  };
  return {
    async adminSmsValue() {
      const value = await read('smsEnabled');
      return typeof value === 'boolean' ? value : null;
    },
    setAdminSmsValue: (value) => write('smsEnabled', value),
    async calendarFeedHash() {
      const value = await read('calendarFeedHash');
      return typeof value === 'string' ? value : null;
    },
    setCalendarFeedHash: (hash) => write('calendarFeedHash', hash),
    clientActionDigest: async () => (await read('clientActionDigest')) === true,
    setClientActionDigest: (value) => write('clientActionDigest', value ? true : null),
    // As JSON text, as SQLite keeps it: one value per setting, read back whole.
    async quoteSettings() {
      const value = await read('quoteSettings');
      return typeof value === 'string' ? (JSON.parse(value) as QuoteSettings) : null;
    },
    setQuoteSettings: (value) => write('quoteSettings', JSON.stringify(value)),
  };
}
