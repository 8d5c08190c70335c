// The emulator suite never skips: without the Firestore emulator or the Java that runs it, `npm run test:firebase`
// (and so `npm test`) fails with a message that says how to get it, before installing or starting anything.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

it('fails and says how to get Java when the jar is there but `java` is not on the PATH', () => {
  // Any existing file stands for the jar (only its presence is checked before Java), and a PATH holding an empty
  // folder has no `java`; the script itself runs with this node, named by its full path.
  const jar = __filename;
  const emptyBin = mkdtempSync(path.join(tmpdir(), 'no-java-'));
  const run = spawnSync(process.execPath, [SCRIPT], {
    env: { ...process.env, FIRESTORE_EMULATOR_JAR: jar, PATH: emptyBin },
    encoding: 'utf8',
    timeout: 60_000,
  });
  rmSync(emptyBin, { recursive: true, force: true });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(
    `The Firestore emulator (${jar}) needs Java 11 or newer as \`java\` on the PATH ` +
      '(Debian: sudo apt-get install openjdk-17-jre-headless).',
  );
  expect(run.stdout).not.toMatch(/ready|installing/);
});
