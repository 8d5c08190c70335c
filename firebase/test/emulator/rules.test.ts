// firestore.rules on the Firestore emulator: the file compiles, and every case of rules-cases.ts gets its verdict.
// storage.rules can only be compiled here (the Storage emulator needs a download this machine cannot make), so it
// is checked for syntax by the same rules compiler.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadRules, readRules, rulesCases, rulesProject, seed, verdictOf, type RulesProject } from './rules-cases';

const cases = rulesCases();
let project: RulesProject;

beforeAll(async () => {
  project = await rulesProject('demo-rules', readRules());
  await seed(project, cases);
});
afterAll(() => project.cleanup());

describe('the rules files compile', () => {
  it('firestore.rules loads into the emulator', async () => {
    expect(await loadRules('demo-rules-compile', readRules())).toMatchObject({ status: 200 });
  });

  it('storage.rules passes the rules compiler (syntax only), which does refuse a broken copy', async () => {
    const storage = readFileSync(path.join(__dirname, '..', '..', 'storage.rules'), 'utf8');
    expect(await loadRules('demo-storage-syntax', storage)).toMatchObject({ status: 200 });
    const broken = await loadRules('demo-storage-syntax', storage.replace('allow read: if true;', 'allow read: if ;'));
    expect(broken.status).toBe(400);
    expect(broken.body).toMatch(/Error compiling rules/);
  });
});

describe('firestore.rules, request by request', () => {
  it.each(cases.map((c) => [`${c.expect === 'allow' ? 'allows' : 'denies'}: ${c.name}`, c] as const))(
    '%s',
    async (_name, c) => {
      expect(await verdictOf(project, c)).toBe(c.expect);
    },
  );
});
