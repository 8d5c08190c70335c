// One settings file: `npm run migrate` and `npm run update` read the service's settings file like the other
// tools, so the guide's `sudo -u studio npm run update -- <tarball>` backs up, migrates and checks the health of the
// service's DATA_DIR and PORT without retyping them (without the file, migrate looked for a database in the release's
// own folder and the update rolled back).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

jest.setTimeout(90_000);

const SERVER = path.resolve(__dirname, '..');

async function run(file: string, args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(SERVER, 'src', file), ...args],
      // No DATA_DIR, PORT or STUDIO_APP_HOME of its own: only what the file says.
      { cwd: SERVER, env: { PATH: process.env.PATH, HOME: process.env.HOME, STUDIO_ENV_FILE: '' }, timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'studio-update-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const settingsFile = (text: string) => {
  const file = path.join(dir, 'studio.env');
  writeFileSync(file, text);
  return file;
};

test("migrate --create makes the database in the settings file's DATA_DIR and names each migration", async () => {
  const data = path.join(dir, 'data');
  const file = settingsFile(`DATA_DIR=${data}\nMODEL_NAME="Ava Monroe"\n`);
  const { code, stdout } = await run('cli/migrate.ts', ['--settings-file', file, '--create']);
  expect(code).toBe(0);
  expect(stdout).toMatch(/^migration 001-.+\.sql applied$/m);
  expect(existsSync(path.join(data, 'studio.sqlite'))).toBe(true);
  // Run again on the same file: nothing pending, and no DATA_DIR needed.
  const again = await run('cli/migrate.ts', ['--settings-file', file]);
  expect(again.code).toBe(0);
  expect(again.stdout).toContain('The database is up to date');
});

test('migrate stops with the setting named when the file holds a bad value', async () => {
  const file = settingsFile(`DATA_DIR=${dir}\nPORT=eighty\n`);
  const { code, stderr } = await run('cli/migrate.ts', ['--settings-file', file, '--create']);
  expect(code).toBe(1);
  expect(stderr).toContain('PORT=eighty');
  expect(existsSync(path.join(dir, 'studio.sqlite'))).toBe(false);
});

test("update takes its settings from the file: the file's STUDIO_APP_HOME is where it unpacks", async () => {
  const home = path.join(dir, 'home');
  const file = settingsFile(`DATA_DIR=${path.join(dir, 'data')}\nSTUDIO_APP_HOME=${home}\n`);
  const tarball = path.join(dir, 'not-a-release.tgz');
  writeFileSync(tarball, 'not a tarball');
  const { code, stderr } = await run('cli/update.ts', ['--settings-file', file, '--', tarball]);
  expect(code).toBe(1);
  expect(stderr).toContain('The update failed at the unpack');
  expect(stderr).toContain('Nothing was switched.');
  // The home the file names was used (and nothing was left in it).
  expect(readdirSync(path.join(home, 'releases'))).toEqual([]);
});
