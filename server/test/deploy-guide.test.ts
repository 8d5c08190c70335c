// The deploy guide: every command in docs/deploy.md that runs one of the site's tools (npm run backup, restore,
// admin, migrate, update) works on the service's data folder. `sudo -u studio` starts a tool with an environment of its
// own, not the unit's: a tool without DATA_DIR once looked in the app's folder, found no database and stopped. Now
// the tools read the service's settings file (/etc/studio/studio.env, which the unit names), so a command
// names no DATA_DIR or PORT and gets the file's, except where a restore fills a new, empty folder on purpose. And the
// site is never built on the server: the unit and every tool run in the live release, /srv/studio/current.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const GUIDE = readFileSync(path.join(__dirname, '..', '..', 'docs', 'deploy.md'), 'utf8');
const LIVE = '/srv/studio/current';

/** Each line of the guide's ```sh blocks (continuation lines joined, comments dropped), with the folder it runs in. */
const blockCommands = [...GUIDE.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) => {
  let cwd: string | undefined;
  return (block[1] ?? '')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter(Boolean)
    .map((command) => {
      const cd = /^cd (\S+)/.exec(command)?.[1];
      if (cd) cwd = cd;
      return { command, cwd };
    });
});
/** The commands the guide gives inline, in backticks, run with sudo, with the folder the text says they run in. */
const inlineCommands = [
  ...GUIDE.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]*\bsudo [^`\n]*)`( \(from `([^`]+)`\))?/g),
].map((span) => ({ command: span[1]!, cwd: /^cd (\S+)/.exec(span[1]!)?.[1] ?? span[3] }));
const commands = [...blockCommands, ...inlineCommands];

// The updater runs the backup, migrate and restore of the releases with its own environment: it needs the folder too.
const toolCommands = commands.filter((c) => /\bnpm run (backup|restore|admin|migrate|update)\b/.test(c.command));
const dataDirOf = (command: string) => /\bDATA_DIR=(\S+)/.exec(command)?.[1];
/** The settings file's DATA_DIR (its block in section 2), which the unit and the tools read. */
const settingsFile = /`\/etc\/studio\/studio\.env`:\n\n```sh\n([\s\S]*?)```/.exec(GUIDE)?.[1] ?? '';
const unitDataDir = /^DATA_DIR=(\S+)$/m.exec(settingsFile)?.[1];
const intoNewFolder = (c: string) => /\bnpm run restore\b/.test(c) && !/--force\b/.test(c);

test('the guide runs the tools where this test looks: the first migration, the backups, the restores, the update, the deploy tokens, the passkey reset, the test mail', () => {
  expect(unitDataDir).toBe('/srv/studio/data');
  const tools = toolCommands.map((c) => /\bnpm run (\w+)(?: -- ([\w-]+))?/.exec(c.command)!.slice(1).join(' ').trim());
  expect(tools.sort()).toEqual([
    'admin deploy-token',
    'admin deploy-token',
    'admin deploy-token',
    'admin reset-passkeys',
    'admin send-test-mail',
    'backup',
    'backup',
    'migrate --create',
    'restore',
    'restore --force',
    'update',
  ]);
});

test('the unit reads the settings file, and no tool command retypes its DATA_DIR or PORT but a restore into a new folder', () => {
  expect(GUIDE).toMatch(/^EnvironmentFile=\/etc\/studio\/studio\.env$/m);
  expect(toolCommands.filter((c) => /\bPORT=/.test(c.command))).toEqual([]);
  expect(toolCommands.filter((c) => dataDirOf(c.command) !== undefined && !intoNewFolder(c.command))).toEqual([]);
  // A restore into a new folder names it (without it, the restore would refuse the live, non-empty folder), and that
  // folder is not the service's; a restore --force, which replaces what is there, gets the service's from the file.
  const restores = toolCommands.filter((c) => intoNewFolder(c.command));
  expect(restores.length).toBeGreaterThan(0);
  for (const c of restores) {
    expect(dataDirOf(c.command)).toBeDefined();
    expect(dataDirOf(c.command)).not.toBe(unitDataDir);
  }
});

test('nothing is built on the server: the unit and every tool run in the live release', () => {
  expect(GUIDE).toMatch(new RegExp(`^WorkingDirectory=${LIVE}$`, 'm'));
  expect(GUIDE).not.toMatch(/\/srv\/studio\/app\b/);
  expect(GUIDE).not.toMatch(/git clone/);
  // The server installs production dependencies only; the build happens where `npm run release` runs.
  const onServer = commands.filter((c) => /\bsudo\b/.test(c.command)).map((c) => c.command);
  expect(onServer.filter((c) => /\bnpm (install|run build|run release)\b/.test(c))).toEqual([]);
  expect(onServer.some((c) => /\bnpm ci --omit=dev\b/.test(c))).toBe(true);
  expect(onServer).toContain(`sudo -u studio ln -sfn releases/studio-1.0.0+d859e24 ${LIVE}`);
  expect(toolCommands.filter((c) => c.cwd !== LIVE)).toEqual([]);
});
