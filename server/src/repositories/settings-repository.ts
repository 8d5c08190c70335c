// Admin settings (docs/architecture.md, rules table: admin only). Today: the SMS flag.
import { smsFlagInForce } from '@studio/shared/domain';
import type { SmsStatus } from '@studio/shared/domain';
import type { Db } from '../db/database';

export function createSettingsRepository(db: Db, smsEnabledEnv: string | undefined) {
  const get = db.prepare('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const del = db.prepare('DELETE FROM settings WHERE key = ?');
  return {
    adminSmsValue(): boolean | null {
      const row = get.get('smsEnabled') as { value: string } | undefined;
      return row ? row.value === 'true' : null;
    },
    /** docs/product.md §4: the environment's 'true'/'false' overrides, else the admin's value, else off. */
    smsStatus(): SmsStatus {
      return smsFlagInForce(smsEnabledEnv, this.adminSmsValue());
    },
    setAdminSmsValue(value: boolean | null): SmsStatus {
      if (value === null) del.run('smsEnabled');
      else put.run('smsEnabled', String(value));
      return this.smsStatus();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
