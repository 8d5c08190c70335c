// Issue 15 "Deploy guide": every command in docs/deploy.md that runs one of the site's tools (npm run backup, restore,
// admin) names the data folder. `sudo -u studio` starts a tool with an environment of its own, not the unit's, and a
// tool without DATA_DIR looks in the app's folder, finds no database and stops: the upgrade's backup and the rollback's
// restore once did exactly that. The folder must be the unit's `Environment=DATA_DIR=`, except where a restore fills a
// new, empty folder on purpose.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const GUIDE = readFileSync(path.join(__dirname, '..', '..', 'docs', 'deploy.md'), 'utf8');

/**
 * Every shell command of the guide: the lines of its ```sh blocks (continuation lines joined, comments dropped), and
 * the commands it gives inline, in backticks, run with sudo.
 */
const commands = [
  ...[...GUIDE.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((block) => (block[1] ?? '').replace(/\\\n\s*/g, ' ').split('\n'))
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter(Boolean),
  ...[...GUIDE.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]*\bsudo [^`\n]*)`/g)].map((span) => span[1]!),
];

// The updater runs the backup, migrate and restore of the releases with its own environment: it needs the folder too.
const toolCommands = commands.filter((c) => /\bnpm run (backup|restore|admin|update)\b/.test(c));
const dataDirOf = (command: string) => /\bDATA_DIR=(\S+)/.exec(command)?.[1];
const unitDataDir = /^Environment=DATA_DIR=(\S+)$/m.exec(GUIDE)?.[1];

test('the guide runs the tools where this test looks: the backup, the restores, the update, the deploy tokens, the passkey reset', () => {
  expect(unitDataDir).toBe('/srv/studio/data');
  const tools = toolCommands.map((c) => /\bnpm run (\w+)(?: -- ([\w-]+))?/.exec(c)!.slice(1).join(' ').trim());
  expect(tools.sort()).toEqual([
    'admin deploy-token',
    'admin deploy-token',
    'admin deploy-token',
    'admin reset-passkeys',
    'backup',
    'restore',
    'restore --force',
    'update',
  ]);
});

test('every command that runs backup, restore or admin gives it a DATA_DIR', () => {
  expect(toolCommands.filter((c) => dataDirOf(c) === undefined)).toEqual([]);
});

test("the data folder is the unit's, but for a restore into a new, empty folder", () => {
  const intoNewFolder = (c: string) => /\bnpm run restore\b/.test(c) && !/--force\b/.test(c);
  const elsewhere = toolCommands.filter((c) => !intoNewFolder(c) && dataDirOf(c) !== unitDataDir);
  expect(elsewhere).toEqual([]);
});
