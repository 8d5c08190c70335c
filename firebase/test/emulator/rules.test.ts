// firestore.rules on the Firestore emulator: the file compiles, and every case of rules-cases.ts gets its verdict.
// storage.rules can only be compiled here (the Storage emulator needs a download this machine cannot make), so it
// is checked for syntax by the same rules compiler.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { readRules, rulesCases, rulesEnvironment, seed, verdictOf } from './rules-cases';

const EMULATOR = `http://${process.env.FIRESTORE_EMULATOR_HOST}`;
const cases = rulesCases();
let env: RulesTestEnvironment;

/** Loads a ruleset the way @firebase/rules-unit-testing does; answers the emulator's status and message. */
async function compile(projectId: string, content: string) {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'rules', content }] } }),
  });
  return { status: response.status, body: await response.text() };
}

beforeAll(async () => {
  env = await rulesEnvironment('demo-rules', readRules());
  await seed(env, cases);
});
afterAll(() => env.cleanup());

describe('the rules files compile', () => {
  it('firestore.rules loads into the emulator', async () => {
    expect(await compile('demo-rules-compile', readRules())).toMatchObject({ status: 200 });
  });

  it('storage.rules passes the rules compiler (syntax only), which does refuse a broken copy', async () => {
    const storage = readFileSync(path.join(__dirname, '..', '..', 'storage.rules'), 'utf8');
    expect(await compile('demo-storage-syntax', storage)).toMatchObject({ status: 200 });
    const broken = await compile('demo-storage-syntax', storage.replace('allow read: if true;', 'allow read: if ;'));
    expect(broken.status).toBe(400);
    expect(broken.body).toMatch(/Error compiling rules/);
  });
});

describe('firestore.rules, request by request', () => {
  it.each(cases.map((c) => [`${c.expect === 'allow' ? 'allows' : 'denies'}: ${c.name}`, c] as const))(
    '%s',
    async (_name, c) => {
      expect(await verdictOf(env, c)).toBe(c.expect);
    },
  );
});
