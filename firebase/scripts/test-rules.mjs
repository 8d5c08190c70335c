// npm run test:firebase: the rules tests against the Firestore and Storage emulators. With the emulators already
// running (FIRESTORE_EMULATOR_HOST set) it runs jest directly; otherwise it starts them through the Firebase CLI
// (`firebase emulators:exec`, which needs Java 21 and downloads the emulator jars on first use).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const jest = 'npx jest -c firebase/test/jest.config.cjs';
const run = (command) => spawnSync(command, { cwd: root, stdio: 'inherit', shell: true }).status ?? 1;

if (process.env.FIRESTORE_EMULATOR_HOST) process.exit(run(jest));

const hasCli = spawnSync('firebase --version', { shell: true, stdio: 'ignore' }).status === 0;
const java = spawnSync('java -version', { shell: true, encoding: 'utf8' });
const javaVersion = /version "(\d+)/.exec(`${java.stderr}${java.stdout}`)?.[1];
if (!hasCli || !javaVersion || Number(javaVersion) < 21) {
  console.error(
    'The rules tests need the Firebase emulators: install Java 21 or newer and the Firebase CLI ' +
      '(npm install -g firebase-tools), then run npm run test:firebase again. ' +
      `Found: Firebase CLI ${hasCli ? 'yes' : 'no'}, Java ${javaVersion ?? 'none'}.`,
  );
  process.exit(1);
}
process.exit(
  run(
    `firebase emulators:exec --project demo-studio --config firebase/firebase.json --only firestore,storage "${jest}"`,
  ),
);
