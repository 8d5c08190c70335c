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
