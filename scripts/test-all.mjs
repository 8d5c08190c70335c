// `npm test`: the type check, lint and format, every jest project, the Firebase emulator suite, the load and crash
// tests, the production build, and the browser tests in Chromium.
// Ends with one line `N passed, N failed` summed over every runner (the type check and the build count as one
// check each), and exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const lines = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: r.status === 0, seconds };
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

// 1. Type check: strict TypeScript over every package.
const tsc = run('Type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
if (tsc.ok) passed++;
else failed++;
lines.push(`type check: ${tsc.ok ? 'passed' : 'FAILED'} (${tsc.seconds} s)`);

// 2. Lint and format: ESLint with the architecture's import rules, Prettier, import cycles, boundary probes. Each
// check counts once.
const lint = spawnSync(process.execPath, [path.join(root, 'scripts', 'lint', 'lint.mjs')], {
  cwd: root,
  encoding: 'utf8',
});
console.log('\n=== Lint and format ===');
process.stdout.write(lint.stdout + lint.stderr);
const lintSummary = /^(\d+) passed, (\d+) failed$/m.exec(lint.stdout);
if (lintSummary) {
  passed += Number(lintSummary[1]);
  failed += Number(lintSummary[2]);
  lines.push(`lint: ${lintSummary[1]} passed, ${lintSummary[2]} failed`);
} else {
  failed++;
  lines.push('lint: did not report (crashed)');
}

// 3. Unit, component and server tests.
const jestFile = path.join(results, 'jest.json');
const jest = run('jest', bin('jest'), ['--json', `--outputFile=${jestFile}`]);
const j = readJson(jestFile);
if (j) {
  passed += j.numPassedTests;
  failed += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
  lines.push(
    `jest: ${j.numPassedTests} passed, ${j.numFailedTests} failed, ${j.numRuntimeErrorTestSuites ?? 0} suites broken (${jest.seconds} s)`,
  );
} else {
  failed++;
  lines.push('jest: did not report (crashed)');
}

// 4. Firebase emulator suite: the rules, the functions and the firebase adapter on the Firestore and Auth emulators
// (firebase/scripts/test-emulators.mjs starts them once and stops them). Without an emulator it fails and says how
// to get one; it never skips.
const firebaseFile = path.join(results, 'firebase-emulators.json');
const firebase = run('Firebase emulator suite', process.execPath, [
  path.join(root, 'firebase', 'scripts', 'test-emulators.mjs'),
  '--json',
  `--outputFile=${firebaseFile}`,
]);
const fb = readJson(firebaseFile);
if (fb) {
  passed += fb.numPassedTests;
  failed += fb.numFailedTests + (fb.numRuntimeErrorTestSuites ?? 0);
  lines.push(
    `firebase emulators: ${fb.numPassedTests} passed, ${fb.numFailedTests} failed, ${fb.numRuntimeErrorTestSuites ?? 0} suites broken (${firebase.seconds} s)`,
  );
} else {
  failed++;
  lines.push(`firebase emulators: did not run (see the message above) (${firebase.seconds} s)`);
}

// 5. Load and crash tests (about a minute): real server processes under load and kill -9, run alone so the load they
// make does not compete with the parallel jest workers above.
const soakFile = path.join(results, 'soak.json');
const soak = run(
  'Load and crash tests',
  bin('jest'),
  ['--selectProjects', 'soak', '--runInBand', '--json', `--outputFile=${soakFile}`],
  {
    STUDIO_SOAK: '1',
  },
);
const sk = readJson(soakFile);
if (sk) {
  passed += sk.numPassedTests;
  failed += sk.numFailedTests + (sk.numRuntimeErrorTestSuites ?? 0);
  lines.push(`soak: ${sk.numPassedTests} passed, ${sk.numFailedTests} failed (${soak.seconds} s)`);
} else {
  failed++;
  lines.push('soak: did not report (crashed)');
}

// 6. The production build the browser tests run against.
const build = run('Production build', process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
if (build.ok) passed++;
else failed++;
lines.push(`build: ${build.ok ? 'passed' : 'FAILED'} (${build.seconds} s)`);

// 7. Browser tests.
if (build.ok) {
  const pwFile = path.join(results, 'playwright.json');
  const pw = run(
    'Browser tests (Playwright, Chromium)',
    bin('playwright'),
    ['test', '-c', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile,
    },
  );
  const p = readJson(pwFile);
  if (p?.stats) {
    const ok = p.stats.expected + (p.stats.flaky ?? 0);
    const bad = p.stats.unexpected + (p.errors?.length ?? 0);
    passed += ok;
    failed += bad;
    lines.push(`playwright: ${ok} passed, ${bad} failed, ${p.stats.skipped} skipped (${pw.seconds} s)`);
  } else {
    failed++;
    lines.push('playwright: did not report (crashed)');
  }
} else {
  failed++;
  lines.push('playwright: not run (the build failed)');
}

console.log('\n=== Summary ===');
for (const l of lines) console.log(l);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
