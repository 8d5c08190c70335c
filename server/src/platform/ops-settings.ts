// The operations settings (docs/architecture.md, operations), read from the environment beside the rest of config.ts.
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';

export interface OpsOptions {
  /** TRUST_PROXY: the peers whose X-Forwarded-For names the client; false trusts none. */
  trustProxy: TrustProxy;
  /** DEV_OUTBOX: true or false; undefined leaves it on only for a local development site (features/messaging/dev-outbox-policy.ts). */
  devOutbox: boolean | undefined;
  /** OUTBOX_RETENTION_DAYS: outbox rows older than this are deleted. */
  outboxRetentionDays: number;
  /** BACKUP_DIR: where backups go; undefined means DATA_DIR/backups. */
  backupDir: string | undefined;
  /** BACKUP_KEEP: the daily backups the running server keeps; 0 turns daily backups off. */
  backupKeep: number;
  /** MIN_FREE_DISK_MB: /api/health answers 503 when the data folder's disk has less room than this. */
  minFreeDiskBytes: number;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new Error(`${name} must be a whole number, not "${raw}".`);
  return Number(raw.trim());
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (raw !== 'true' && raw !== 'false') throw new Error(`${name} must be true or false, not "${raw}".`);
  return raw === 'true';
}

export function opsOptionsFromEnv(env: NodeJS.ProcessEnv): OpsOptions {
  return {
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    devOutbox: flag(env, 'DEV_OUTBOX'),
    outboxRetentionDays: wholeNumber(env, 'OUTBOX_RETENTION_DAYS', 14),
    backupDir: env.BACKUP_DIR?.trim() || undefined,
    backupKeep: wholeNumber(env, 'BACKUP_KEEP', 7),
    minFreeDiskBytes: wholeNumber(env, 'MIN_FREE_DISK_MB', 100) * 1024 * 1024,
  };
}
