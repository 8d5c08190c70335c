// `npm run migrate`: applies this release's migrations to DATA_DIR's database and prints each one's name, the step of
// `npm run update` between the swap and the start (features/ops/update.ts), so that a migration that fails is reported as
// such, not as a server that did not come up. The server applies them at start as well; with none pending this
// changes nothing. A database migrated by a newer release is refused, naming both (platform/sqlite/database.ts). Without a database
// in DATA_DIR it stops (a DATA_DIR the tool was not given), unless told --create (the first install). Its settings are
// the service's settings file, as every tool's (tool-settings.ts): `sudo -u studio npm run migrate` needs no DATA_DIR.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../platform/sqlite/database';
import { DATABASE_FILE } from '../features/ops/backup-contents';
import { currentRelease, releaseName } from '../features/ops/release';
import { startTool } from './tool-settings';

function main(): number {
  const tool = startTool(process.argv.slice(2));
  if (!tool) return 1;
  const { dataDir } = tool.options;
  if (!existsSync(path.join(dataDir, DATABASE_FILE)) && !tool.args.includes('--create')) {
    console.error(
      `There is no database at ${path.join(dataDir, DATABASE_FILE)}. Set DATA_DIR to the site's data folder.`,
    );
    return 1;
  }
  let applied = 0;
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const db = openDatabase(dataDir, (name) => {
      applied += 1;
      console.log(`migration ${name} applied`);
    });
    db.close();
  } catch (error) {
    console.error(`The migration failed: ${(error as Error).message}`);
    return 1;
  }
  console.log(
    applied === 0
      ? `The database is up to date for ${releaseName(currentRelease())}.`
      : `${applied} migration(s) applied for ${releaseName(currentRelease())}.`,
  );
  return 0;
}

process.exit(main());
