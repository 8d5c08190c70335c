// Admin settings (docs/architecture.md, rules table: admin only) in SQLite (SettingsStore, settings-store.ts): her SMS
// switch, and the hash of her calendar feed's secret (the secret itself is shown once and never stored).
import type { QuoteSettings } from '@studio/shared/domain/quote';
import type { Db } from '../../platform/sqlite/database';
import type { SettingsStore } from './settings-store';

export function createSettingsRepository(db: Db): SettingsStore {
  const get = db.prepare('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const del = db.prepare('DELETE FROM settings WHERE key = ?');
  const set = (key: string, value: string | null) => {
    if (value === null) del.run(key);
    else put.run(key, value);
  };
  return {
    async adminSmsValue() {
      const row = get.get('smsEnabled') as { value: string } | undefined;
      return row ? row.value === 'true' : null;
    },
    async setAdminSmsValue(value) {
      set('smsEnabled', value === null ? null : String(value));
    },
    async calendarFeedHash() {
      return (get.get('calendarFeedHash') as { value: string } | undefined)?.value ?? null;
    },
    async setCalendarFeedHash(hash) {
      set('calendarFeedHash', hash);
    },
    async clientActionDigest() {
      return (get.get('clientActionDigest') as { value: string } | undefined)?.value === 'true';
    },
    async setClientActionDigest(value) {
      set('clientActionDigest', value ? 'true' : null);
    },
    async quoteSettings() {
      const row = get.get('quoteSettings') as { value: string } | undefined;
      return row ? (JSON.parse(row.value) as QuoteSettings) : null;
    },
    async setQuoteSettings(value) {
      set('quoteSettings', JSON.stringify(value));
    },
  };
}

export type SettingsRepository = SettingsStore;
