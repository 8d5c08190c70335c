// `npm run restore -- PATH [--force] [--data-dir DIR]`: restores the backup folder PATH (from `npm run backup` or the
// daily backup) into DATA_DIR, which must be empty (its backups folder aside). --force replaces what is there after
// moving it into BACKUP_DIR. Stop the server first. It prints what it did: what was moved aside, what was restored,
// and for each deployed remote which version is live after it and any switch it made (features/ops/restore.ts).
import { parseArgs } from 'node:util';
import { optionsFromEnv, SettingsError } from '../platform/config';
import { loadToolSettings } from '../platform/settings-file';
import { backupDirOf } from '../features/ops/backup-folders';
import { RestoreRefused, restoreBackup, restoreReport } from '../features/ops/restore';

const USAGE = 'usage: npm run restore -- <backup folder> [--force] [--data-dir <folder>]';

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: { force: { type: 'boolean' }, 'data-dir': { type: 'string' } },
  });
}

function main(): number {
  let parsed: ReturnType<typeof parse>;
  let settings: ReturnType<typeof loadToolSettings>;
  try {
    settings = loadToolSettings(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  try {
    parsed = parse(settings.args);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [backup] = positionals;
  if (!backup || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const env = values['data-dir'] ? { ...settings.env, DATA_DIR: values['data-dir'] } : settings.env;
  let options: ReturnType<typeof optionsFromEnv>;
  try {
    options = optionsFromEnv(env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    return 1;
  }
  try {
    const result = restoreBackup({
      backup,
      dataDir: options.dataDir,
      backupDir: backupDirOf(options),
      replace: values.force === true,
    });
    for (const line of restoreReport(backup, result)) console.log(line);
    return 0;
  } catch (error) {
    console.error(error instanceof RestoreRefused ? error.message : `The restore failed: ${(error as Error).message}`);
    return 1;
  }
}

process.exit(main());
