// docs/deploy.md section 9, the Firebase path: every command of its shell blocks names what exists in this
// repository (the example files it copies, the npm script it runs), and the dry run it gives is the one
// first-load.test.ts runs end to end in `npm test`. The deploy itself needs Google and is not run here.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const guide = readFileSync(path.join(ROOT, 'docs', 'deploy.md'), 'utf8');
const section = guide.slice(guide.indexOf('## 9. The Firebase home'));
const commands = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) =>
  (block[1] ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
);
const scripts = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

test('the section gives the copies, the dry run and the deploy, in that order', () => {
  expect(commands).toEqual([
    'cp firebase/.firebaserc.example firebase/.firebaserc',
    'cp firebase/functions/.env.example firebase/functions/.env.my-project',
    'npm run deploy:firebase -- --dry-run',
    'npm run deploy:firebase',
  ]);
});

test('what it copies exists, and what it runs is a script of the repository that runs the deploy script', () => {
  for (const command of commands.filter((c) => c.startsWith('cp '))) {
    expect(existsSync(path.join(ROOT, command.split(' ')[1]!))).toBe(true);
  }
  expect(scripts['deploy:firebase']).toMatch(/firebase\/scripts\/deploy\.mjs/);
  const firstLoad = readFileSync(path.join(__dirname, 'first-load.test.ts'), 'utf8');
  expect(firstLoad).toContain("'--dry-run'");
});

describe('what the guides say the Firebase home does, as its server does it', () => {
  const flat = (text: string) => text.replace(/\s+/g, ' ');
  const product = flat(readFileSync(path.join(ROOT, 'docs', 'product.md'), 'utf8'));

  test('docs/deploy.md says remote deploys are off there, with the answer the deploy API gives', async () => {
    // The server registers the deploy API only on SQLite; elsewhere every /api/deploy/ path answers 503 with this.
    const { REMOTE_DEPLOYS_OFF } = await import('../../server/src/app/pages-and-deploys');
    const onFirebase = flat(guide.slice(guide.indexOf('**On Firebase**'), guide.indexOf('## 9. The Firebase home')));
    expect(onFirebase).toContain('remote deploys are off');
    expect(onFirebase).toContain(`503 "${REMOTE_DEPLOYS_OFF}"`);
    expect(onFirebase).not.toMatch(/deployed through the same API/);
    // Loading the server's app compiles most of the server: seconds, more on a busy machine.
  }, 60_000);

  test('docs/product.md does not say uploads, Undo or the contact form are missing there', () => {
    // The function is the server's own app, and app-function.test.ts (an upload) and the backend contract on
    // Firestore (Undo) prove them on the emulators.
    expect(product).not.toMatch(/uploading is not available/);
    expect(product).not.toMatch(/no Undo is offered/);
    expect(product).not.toMatch(/Firebase adapter/);
    expect(product).toContain('On the Firebase home every content write works the same way, uploads included');
    expect(product).toContain('On the Firebase home the same server holds the status mail, so the dialog and Undo');
    const undoOnFirestore = readFileSync(
      path.join(__dirname, 'emulator', 'backend-contract-firestore.test.ts'),
      'utf8',
    );
    expect(undoOnFirestore).toContain('describeBackendContract');
    const uploadThroughHosting = readFileSync(path.join(__dirname, 'emulator', 'app-function.test.ts'), 'utf8');
    expect(uploadThroughHosting).toMatch(/uploads a photo/);
  });
});
