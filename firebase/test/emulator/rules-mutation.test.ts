// The rules cases must notice every weakening of firestore.rules: each mutant (one condition replaced by `true`,
// rules-mutants.ts) is loaded into a project of its own on the emulator, every case runs against it, and at least
// one case must get another verdict than on the real rules. A mutant no case notices is a condition without a test.
import { rulesMutants, type RulesMutant } from './rules-mutants';
import {
  loadRules,
  readRules,
  rulesCases,
  rulesProject,
  seed,
  unexpectedVerdicts,
  type RulesProject,
} from './rules-cases';

/**
 * Conditions whose removal changes no verdict, and why that is safe: without them the same requests are still
 * denied, because reading a field of null is an error, and an error denies. It stays because it says what is meant.
 */
const EQUIVALENT = new Map([
  ['request.auth != null', 'request.auth.token of a visitor (null) is an error, which denies'],
]);

const cases = rulesCases();
const mutants = rulesMutants(readRules());
// Mutants run a few at a time, each in a project of its own (seeded once, its rules replaced per mutant); every case
// writes a fresh or its own document, so the data a mutant left behind does not change another mutant's verdicts.
const PARALLEL_MUTANTS = 4;
let slots: RulesProject[] = [];

beforeAll(async () => {
  slots = await Promise.all(
    Array.from({ length: PARALLEL_MUTANTS }, (_, k) => rulesProject(`demo-mutants-${k}`, readRules())),
  );
  await Promise.all(slots.map((slot) => seed(slot, cases)));
});
afterAll(() => Promise.all(slots.map((slot) => slot.cleanup())));

/** Whether some case gets another verdict on the mutant than on the real rules. */
async function noticed(slot: RulesProject, mutant: RulesMutant): Promise<boolean> {
  const loaded = await loadRules(slot.projectId, mutant.rules);
  if (loaded.status !== 200) throw new Error(`mutant ${mutant.label} did not compile: ${loaded.body}`);
  return (await unexpectedVerdicts(slot, cases, { firstOnly: true })).length > 0;
}

const conditionOf = (label: string) => label.replace(/^L\d+ (whole condition: )?/, '');

it(`every condition of firestore.rules that matters is noticed by a case (${mutants.length} mutants)`, async () => {
  expect(mutants.length).toBeGreaterThan(50);
  const survivors: string[] = [];
  let next = 0;
  await Promise.all(
    slots.map(async (slot) => {
      for (let m = mutants[next++]; m; m = mutants[next++]) if (!(await noticed(slot, m))) survivors.push(m.label);
    }),
  );
  const unexplained = survivors.filter((label) => !EQUIVALENT.has(conditionOf(label)));
  expect(unexplained).toEqual([]);
  // Each listed equivalence is still real: its condition is in the rules and its removal still changes nothing.
  expect([...new Set(survivors.map(conditionOf))].sort()).toEqual([...EQUIVALENT.keys()].sort());
}, 600_000);
