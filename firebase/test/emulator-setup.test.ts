// The emulator suite never skips: without the Firestore emulator, `npm run test:firebase` (and so `npm test`) fails
// with a message that says how to get one, before installing or starting anything.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const SCRIPT = path.join(__dirname, '..', 'scripts', 'test-emulators.mjs');

it('fails and says how to get the Firestore emulator when its jar is missing', () => {
  const run = spawnSync(process.execPath, [SCRIPT], {
    env: { ...process.env, FIRESTORE_EMULATOR_JAR: '/nonexistent/cloud-firestore-emulator.jar' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(
    'The Firestore emulator was not found (looked for /nonexistent/cloud-firestore-emulator.jar)',
  );
  expect(run.stderr).toContain('apt-get install google-cloud-cli-firestore-emulator');
  expect(run.stderr).toContain('FIRESTORE_EMULATOR_JAR');
  expect(run.stdout).not.toMatch(/ready|installing/);
});
