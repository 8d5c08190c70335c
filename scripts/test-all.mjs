// `npm test`: the type check beside lint and format, every jest project, the Firebase emulator suite beside the
// production build, the Firebase journey, the load and crash tests, and the browser tests in Chromium.
// The summary gives each step's result and seconds, then the whole run's seconds, and ends with one line
// `N passed, N failed` summed over every runner (the type check and the build count as one check each); exits
// non-zero when anything failed.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const startedAll = Date.now();

let passed = 0;
let failed = 0;
const lines = [];

/**
 * Runs one step. A step that runs alone prints as it goes; `quiet` steps (those running beside another) keep their
 * output and print it in one block when they end, so that two steps' lines are not interleaved.
 */
function run(label, command, args, { env = {}, quiet = false } = {}) {
  if (!quiet) console.log(`\n=== ${label} ===`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let output = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => (output += chunk));
    let finished = false;
    // A command that cannot be started reports 'error' and may then report 'close' too: the first one counts.
    const done = (status) => {
      if (finished) return;
      finished = true;
      if (quiet) {
        console.log(`\n=== ${label} ===`);
        process.stdout.write(output);
      }
      resolve({ ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1), stdout });
    };
    child.once('error', (error) => {
      output += `${error.message}\n`;
      done(1);
    });
    child.once('close', done);
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

// 1 and 2 side by side: each is one single-threaded process, so on two cores neither waits for the other.
// 1. Type check: strict TypeScript over every package.
// 2. Lint and format: ESLint with the architecture's import rules, Prettier, import cycles, boundary probes. Each
// check counts once.
const [tsc, lint] = await Promise.all([
  run('Type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'], { quiet: true }),
  run('Lint and format', process.execPath, [path.join(root, 'scripts', 'lint', 'lint.mjs')], { quiet: true }),
]);
if (tsc.ok) passed++;
else failed++;
lines.push(`type check: ${tsc.ok ? 'passed' : 'FAILED'} (${tsc.seconds} s)`);
const lintSummary = /^(\d+) passed, (\d+) failed$/m.exec(lint.stdout);
if (lintSummary) {
  passed += Number(lintSummary[1]);
  failed += Number(lintSummary[2]);
  lines.push(`lint: ${lintSummary[1]} passed, ${lintSummary[2]} failed (${lint.seconds} s)`);
} else {
  failed++;
  lines.push(`lint: did not report (crashed) (${lint.seconds} s)`);
}

// 3. Unit, component and server tests.
const jestFile = path.join(results, 'jest.json');
const jest = await run('jest', bin('jest'), ['--json', `--outputFile=${jestFile}`]);
const j = readJson(jestFile);
if (j) {
  passed += j.numPassedTests;
  failed += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
  lines.push(
    `jest: ${j.numPassedTests} passed, ${j.numFailedTests} failed, ${j.numRuntimeErrorTestSuites ?? 0} suites broken (${jest.seconds} s)`,
  );
} else {
  failed++;
  lines.push(`jest: did not report (crashed) (${jest.seconds} s)`);
}

// 4. The production build the browser tests run against.
// 5. Firebase emulator suite: the rules, the storage stores, the sign-in and the app function behind Hosting on the
// Firestore, Auth, Functions and Hosting emulators (firebase/scripts/test-emulators.mjs starts them once and stops
// them). It serves the web build of step 4 (STUDIO_REUSE_WEB_BUILD), so the two run one after the other: run side
// by side, both would write */dist. Without an emulator it fails and says how to get one; it never skips.
const build = await run('Production build', process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
  quiet: true,
});
const firebaseFile = path.join(results, 'firebase-emulators.json');
const firebase = await run(
  'Firebase emulator suite',
  process.execPath,
  [path.join(root, 'firebase', 'scripts', 'test-emulators.mjs'), '--json', `--outputFile=${firebaseFile}`],
  { env: { STUDIO_REUSE_WEB_BUILD: build.ok ? '1' : '0' } },
);
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
if (build.ok) passed++;
else failed++;
lines.push(`build: ${build.ok ? 'passed' : 'FAILED'} (${build.seconds} s)`);

// 5b. The Firebase journey (about 2 minutes: 30 s to start the emulators, the rest in Chromium): a visitor, the
// client and the admin through the Hosting emulator's origin, on emulators of its own (e2e/firebase/). After step 5,
// never beside it: both build the function's bundle and Hosting's folder into firebase/.
if (build.ok) {
  const journeyFile = path.join(results, 'firebase-journey.json');
  const journey = await run(
    'Firebase journey (Playwright, Chromium, emulators)',
    bin('playwright'),
    ['test', '-c', 'e2e/playwright.firebase.config.ts'],
    { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: journeyFile } },
  );
  const fj = readJson(journeyFile);
  if (fj?.stats) {
    const ok = fj.stats.expected + (fj.stats.flaky ?? 0);
    const bad = fj.stats.unexpected + (fj.errors?.length ?? 0);
    passed += ok;
    failed += bad;
    lines.push(`firebase journey: ${ok} passed, ${bad} failed, ${fj.stats.skipped} skipped (${journey.seconds} s)`);
  } else {
    failed++;
    lines.push(`firebase journey: did not report (crashed) (${journey.seconds} s)`);
  }
} else {
  failed++;
  lines.push('firebase journey: not run (the build failed)');
}

// 6. Load and crash tests (about a minute): real server processes under load and kill -9, run alone so the load they
// make does not compete with anything else.
const soakFile = path.join(results, 'soak.json');
const soak = await run(
  'Load and crash tests',
  bin('jest'),
  ['--selectProjects', 'soak', '--runInBand', '--json', `--outputFile=${soakFile}`],
  { env: { STUDIO_SOAK: '1' } },
);
const sk = readJson(soakFile);
if (sk) {
  passed += sk.numPassedTests;
  failed += sk.numFailedTests + (sk.numRuntimeErrorTestSuites ?? 0);
  lines.push(`soak: ${sk.numPassedTests} passed, ${sk.numFailedTests} failed (${soak.seconds} s)`);
} else {
  failed++;
  lines.push(`soak: did not report (crashed) (${soak.seconds} s)`);
}

// 7. Browser tests.
if (build.ok) {
  const pwFile = path.join(results, 'playwright.json');
  const pw = await run(
    'Browser tests (Playwright, Chromium)',
    bin('playwright'),
    ['test', '-c', 'e2e/playwright.config.ts'],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile },
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
    lines.push(`playwright: did not report (crashed) (${pw.seconds} s)`);
  }
} else {
  failed++;
  lines.push('playwright: not run (the build failed)');
}

console.log('\n=== Summary ===');
for (const l of lines) console.log(l);
console.log(`all steps: ${((Date.now() - startedAll) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
