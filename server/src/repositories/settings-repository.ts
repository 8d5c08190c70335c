// Admin settings (docs/architecture.md, rules table: admin only): the SMS flag, and the hash of her calendar feed's
// secret (issue 18; the secret itself is shown once and never stored).
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
    /** The SHA-256 of the calendar feed's secret, or null when she has no feed (never made, or revoked). */
    calendarFeedHash(): string | null {
      return (get.get('calendarFeedHash') as { value: string } | undefined)?.value ?? null;
    },
    setCalendarFeedHash(hash: string | null): void {
      if (hash === null) del.run('calendarFeedHash');
      else put.run('calendarFeedHash', hash);
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
