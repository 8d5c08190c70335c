// Issue 15 "Deploy guide": every command in docs/deploy.md that runs one of the site's tools (npm run backup, restore,
// admin) works on the service's data folder. `sudo -u studio` starts a tool with an environment of its own, not the
// unit's: a tool without DATA_DIR once looked in the app's folder, found no database and stopped. Since issue 29 the
// tools read the service's settings file (/etc/studio/studio.env, which the unit names), so a command either names no
// DATA_DIR and gets the file's, or names the file's, except where a restore fills a new, empty folder on purpose.
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
/** The settings file's DATA_DIR (its block in section 2), which the unit and the tools read. */
const settingsFile = /`\/etc\/studio\/studio\.env`:\n\n```sh\n([\s\S]*?)```/.exec(GUIDE)?.[1] ?? '';
const unitDataDir = /^DATA_DIR=(\S+)$/m.exec(settingsFile)?.[1];

test('the guide runs the tools where this test looks: the backup, the restores, the update, the deploy tokens, the passkey reset', () => {
  expect(unitDataDir).toBe('/srv/studio/data');
  const tools = toolCommands.map((c) => /\bnpm run (\w+)(?: -- ([\w-]+))?/.exec(c)!.slice(1).join(' ').trim());
  expect(tools.sort()).toEqual([
    'admin deploy-token',
    'admin deploy-token',
    'admin deploy-token',
    'admin reset-passkeys',
    'admin send-test-mail',
    'backup',
    'backup',
    'restore',
    'restore --force',
    'update',
  ]);
});

test("the unit reads the settings file, and the tools find it: a command without DATA_DIR gets the service's", () => {
  expect(GUIDE).toMatch(/^EnvironmentFile=\/etc\/studio\/studio\.env$/m);
  expect(toolCommands.filter((c) => dataDirOf(c) === undefined).length).toBeGreaterThan(0);
  // A restore without DATA_DIR would replace the live folder: the guide always names the folder it restores into.
  expect(toolCommands.filter((c) => /\bnpm run restore\b/.test(c) && dataDirOf(c) === undefined)).toEqual([]);
});

test("the data folder is the unit's, but for a restore into a new, empty folder", () => {
  const intoNewFolder = (c: string) => /\bnpm run restore\b/.test(c) && !/--force\b/.test(c);
  const elsewhere = toolCommands.filter(
    (c) => !intoNewFolder(c) && dataDirOf(c) !== undefined && dataDirOf(c) !== unitDataDir,
  );
  expect(elsewhere).toEqual([]);
});
