// `npm test`: the type check, lint and format, every jest project, the production build, the Firebase emulator suite,
// the Firebase journey, the load and crash tests, and the browser tests in Chromium (the order and what runs beside
// what: below).
// The summary gives each step's result and seconds, then the whole run's seconds, and ends with one line
// `N passed, N failed` summed over every runner (the type check and the build count as one check each); exits
// non-zero when anything failed.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const startedAll = Date.now();

let passed = 0;
let failed = 0;
const lines = [];

/**
 * Each step's deadline in seconds: about three times what it takes on 2 busy cores. A step still running then (a hung
 * emulator, a process that an open handle keeps alive after its tests) is stopped with everything it started and
 * counted as failed, named in the summary, so `npm test` ends and says why instead of running into CI's own timeout.
 */
const DEADLINES = {
  'Type check': 600,
  jest: 1200,
  'Lint and format': 600,
  'Production build': 600,
  'Firebase emulator suite': 1200,
  'Firebase journey (Playwright, Chromium, emulators)': 900,
  'jest (firebase-build)': 600,
  'Load and crash tests': 900,
  'Browser tests (Playwright, Chromium)': 2400,
};
/** After SIGTERM at the deadline, the step's processes get this long to stop before SIGKILL. */
const STOP_GRACE_MS = 15_000;
const timedOut = [];

/**
 * Runs one step. A step that runs alone prints as it goes; `quiet` steps (those running beside another) keep their
 * output and print it in one block when they end, so that two steps' lines are not interleaved. The step runs in a
 * process group of its own, so that its deadline stops what it started too (servers, emulators, browsers).
 */
function run(label, command, args, { env = {}, quiet = false } = {}) {
  if (!quiet) console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const deadline = DEADLINES[label];
  if (!deadline) throw new Error(`No deadline for the step "${label}": add it to DEADLINES.`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
      detached: true,
    });
    const signalGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group has already gone.
      }
    };
    // npm test stopped (Ctrl-C, CI cancelling) stops the step's group too: it is not in the terminal's group.
    const forward = () => signalGroup('SIGTERM');
    process.once('SIGINT', forward);
    process.once('SIGTERM', forward);
    let killer;
    const timer = setTimeout(() => {
      timedOut.push(`${label}: stopped at its deadline of ${deadline} s`);
      (quiet ? process.stdout : process.stderr).write(
        `\n--- ${label}: deadline of ${deadline} s reached, stopping it\n`,
      );
      signalGroup('SIGTERM');
      killer = setTimeout(() => signalGroup('SIGKILL'), STOP_GRACE_MS);
    }, deadline * 1000);
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
      clearTimeout(timer);
      clearTimeout(killer);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
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

// Two lanes side by side, then the browser tests (one step after the other, they took about 1,180 s on 2 cores). The
// emulator suite and the Firebase journey spend much of their time waiting (the emulators' JVM start-up, Firestore
// round trips) and the server tests on SQLite's fsync, so jest runs two workers beside lane B:
//   lane A: type check, jest (every project but firebase-build), then lint and format;
//   lane B: the production build, the emulator suite, the Firebase journey, then jest's firebase-build project;
//   then the soak alone, then the browser tests (two workers, both cores).
// Lint comes last in lane A: with jest on two workers lane A ends first (jest 232 s, lane B about 420 s, measured).
// What must not overlap does not: the emulator suite, the journey and the firebase-build project all write
// firebase/functions and firebase/hosting, so they run one after the other in lane B (lint ignores what they write);
// the build comes before every step that serves it; no step of lane A reads or writes */dist. Every step runs
// `quiet` (its output printed in one block when it ends, so two steps' lines never interleave), with one line when it
// starts.
const laneStep = (label, command, args, options = {}) => {
  console.log(`--- started: ${label}`);
  return run(label, command, args, { ...options, quiet: true });
};

/** The first line of a message that says something, without colours. */
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .map((l) => l.replace(/^\s*●?\s*/, '').trim())
    .find((l) => l !== '' && l !== 'Test suite failed to run') ?? '';

/** The summary's line for something that failed: one line, not too long. */
const failureLine = (name, text) => `  ${name} failed: ${text.slice(0, 300)}`;

/** Names what failed in a jest report (at most 10): the failed tests, and the suites that could not run. */
function jestFailures(name, j) {
  const found = [];
  for (const suite of j.testResults ?? []) {
    const failedTests = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests) found.push(`${path.relative(root, suite.name)} › ${a.fullName}`);
    if (failedTests.length === 0 && suite.status === 'failed')
      found.push(`${path.relative(root, suite.name)}: ${firstLine(suite.message)}`);
  }
  return found.slice(0, 10).map((f) => failureLine(name, f));
}

/** Names what failed in a Playwright report (at most 10): the tests, then the errors outside every test (global
 * setup or teardown, a worker that died), which count as failures too. */
function playwrightFailures(name, p) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) if (t.status === 'unexpected') found.push(`${spec.file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of p.suites ?? []) walk(suite);
  for (const error of p.errors ?? []) found.push(`outside the tests: ${firstLine(error.message ?? error.value)}`);
  return found.slice(0, 10).map((f) => failureLine(name, f));
}

/** Adds a jest (or emulator suite) JSON report to the totals and the summary. */
function countJest(name, file, step) {
  const j = readJson(file);
  if (j) {
    passed += j.numPassedTests;
    failed += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
    lines.push(
      `${name}: ${j.numPassedTests} passed, ${j.numFailedTests} failed, ${j.numRuntimeErrorTestSuites ?? 0} suites broken (${step.seconds} s)`,
      ...jestFailures(name, j),
    );
  } else {
    failed++;
    lines.push(`${name}: did not report (crashed) (${step.seconds} s)`);
  }
}

/** Adds a Playwright JSON report to the totals and the summary. */
function countPlaywright(name, file, step) {
  const p = readJson(file);
  if (p?.stats) {
    const ok = p.stats.expected + (p.stats.flaky ?? 0);
    const bad = p.stats.unexpected + (p.errors?.length ?? 0);
    passed += ok;
    failed += bad;
    lines.push(`${name}: ${ok} passed, ${bad} failed, ${p.stats.skipped} skipped (${step.seconds} s)`);
    lines.push(...playwrightFailures(name, p));
  } else {
    failed++;
    lines.push(`${name}: did not report (crashed) (${step.seconds} s)`);
  }
}

// Lane A. 1. Type check: strict TypeScript over every package. 3. Unit, component and server tests. Then lint.
async function laneA() {
  const tsc = await laneStep('Type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  if (tsc.ok) passed++;
  else failed++;
  lines.push(`type check: ${tsc.ok ? 'passed' : 'FAILED'} (${tsc.seconds} s)`);
  const jestFile = path.join(results, 'jest.json');
  const jest = await laneStep('jest', bin('jest'), [
    // Two workers, not jest's one on two cores: its server tests wait on SQLite's fsync and lane B's steps on the
    // emulators, so with one worker here the two cores sat 30-40% idle through the lanes (vmstat, 5 s samples).
    '--maxWorkers=2',
    '--ignoreProjects',
    'firebase-build',
    '--json',
    `--outputFile=${jestFile}`,
  ]);
  countJest('jest', jestFile, jest);

  // 2. Lint and format: ESLint with the architecture's import rules, Prettier, import cycles, boundary probes. Each
  // check counts once.
  const lint = await laneStep('Lint and format', process.execPath, [path.join(root, 'scripts', 'lint', 'lint.mjs')]);
  const lintSummary = /^(\d+) passed, (\d+) failed$/m.exec(lint.stdout);
  if (lintSummary) {
    passed += Number(lintSummary[1]);
    failed += Number(lintSummary[2]);
    lines.push(`lint: ${lintSummary[1]} passed, ${lintSummary[2]} failed (${lint.seconds} s)`);
  } else {
    failed++;
    lines.push(`lint: did not report (crashed) (${lint.seconds} s)`);
  }
}

// Lane B.
async function laneB() {
  // 4. The production build the emulator suite, the journey and the browser tests run against.
  const build = await laneStep('Production build', process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
  if (build.ok) passed++;
  else failed++;
  lines.push(`build: ${build.ok ? 'passed' : 'FAILED'} (${build.seconds} s)`);

  // 5. Firebase emulator suite: the rules, the storage stores, the sign-in and the app function behind Hosting on the
  // Firestore, Auth, Functions and Hosting emulators (firebase/scripts/test-emulators.mjs starts them once and stops
  // them). It serves the web build of step 4 (STUDIO_REUSE_WEB_BUILD). Without an emulator it fails and says how to
  // get one; it never skips.
  const firebaseFile = path.join(results, 'firebase-emulators.json');
  const firebase = await laneStep(
    'Firebase emulator suite',
    process.execPath,
    [path.join(root, 'firebase', 'scripts', 'test-emulators.mjs'), '--json', `--outputFile=${firebaseFile}`],
    { env: { STUDIO_REUSE_WEB_BUILD: build.ok ? '1' : '0' } },
  );
  const fb = readJson(firebaseFile);
  if (fb) countJest('firebase emulators', firebaseFile, firebase);
  else {
    failed++;
    lines.push(`firebase emulators: did not run (see the message above) (${firebase.seconds} s)`);
  }

  // 5b. The Firebase journey (30 s to start the emulators, the rest in Chromium): a visitor, the client and the admin
  // through the Hosting emulator's origin, on emulators of its own (e2e/firebase/).
  if (build.ok) {
    const journeyFile = path.join(results, 'firebase-journey.json');
    const journey = await laneStep(
      'Firebase journey (Playwright, Chromium, emulators)',
      bin('playwright'),
      ['test', '-c', 'e2e/playwright.firebase.config.ts'],
      { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: journeyFile } },
    );
    countPlaywright('firebase journey', journeyFile, journey);
  } else {
    failed++;
    lines.push('firebase journey: not run (the build failed)');
  }

  // 5c. jest's firebase-build project: the deploy's dry run (its own web build into a folder of its own, the function
  // and Hosting's folder) and the first loads of that build in Chromium.
  const firebaseBuildFile = path.join(results, 'jest-firebase-build.json');
  const firebaseBuild = await laneStep('jest (firebase-build)', bin('jest'), [
    '--selectProjects',
    'firebase-build',
    '--json',
    `--outputFile=${firebaseBuildFile}`,
  ]);
  countJest('jest (firebase-build)', firebaseBuildFile, firebaseBuild);
  return build;
}

// 6. Load and crash tests (about 80 s, most of it timed phases): real server processes under load and kill -9, alone:
// each request must be answered within 10 s, and beside another step on a busy machine some were not.
async function soak() {
  const soakFile = path.join(results, 'soak.json');
  const step = await laneStep(
    'Load and crash tests',
    bin('jest'),
    ['--selectProjects', 'soak', '--runInBand', '--json', `--outputFile=${soakFile}`],
    { env: { STUDIO_SOAK: '1' } },
  );
  const sk = readJson(soakFile);
  if (sk) {
    passed += sk.numPassedTests;
    failed += sk.numFailedTests + (sk.numRuntimeErrorTestSuites ?? 0);
    lines.push(
      `soak: ${sk.numPassedTests} passed, ${sk.numFailedTests} failed (${step.seconds} s)`,
      ...jestFailures('soak', sk),
    );
  } else {
    failed++;
    lines.push(`soak: did not report (crashed) (${step.seconds} s)`);
  }
}

const [, build] = await Promise.all([laneA(), laneB()]);
await soak();

// 7. Browser tests, on both cores.
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
  countPlaywright('playwright', pwFile, pw);
} else {
  failed++;
  lines.push('playwright: not run (the build failed)');
}

// A step stopped at its deadline may still have written a report of the tests that ran: its stop counts once more.
failed += timedOut.length;
lines.push(...timedOut.map((t) => `  ${t}`));

console.log('\n=== Summary ===');
for (const l of lines) console.log(l);
console.log(`all steps: ${((Date.now() - startedAll) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
