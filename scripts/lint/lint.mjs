// `npm run lint`: ESLint (no warnings), Prettier's check, import cycles, the self-contained check, and probes that
// prove those rules bite. Prints one line per check and `N passed, N failed`; exits non-zero when any check failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { findImportCycles } from './import-cycles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const results = [];
const check = (name, ok, detail = '') => {
  results.push(ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `\n${detail}` : ''}`);
};

const eslintRun = spawnSync(bin('eslint'), ['.', '--max-warnings', '0'], { cwd: root, encoding: 'utf8' });
check('eslint: no errors, no warnings', eslintRun.status === 0, (eslintRun.stdout + eslintRun.stderr).trim());

const prettierRun = spawnSync(bin('prettier'), ['--check', '--log-level', 'warn', '.'], {
  cwd: root,
  encoding: 'utf8',
});
check('prettier: every file formatted', prettierRun.status === 0, (prettierRun.stdout + prettierRun.stderr).trim());

const cycles = findImportCycles(root);
check(
  'no import cycle (type imports included)',
  cycles.length === 0,
  cycles.map((c) => `  ${c.join(' <-> ')}`).join('\n'),
);

// The repository is self-contained (docs/architecture.md, "Lint and format"): no file may lean on documents that
// stand beside the repository rather than in it, and every document a file cites must exist.
// The names are assembled, not written out, so that this file does not cite what it forbids.
// A section of the outside spec cited without its file name (the name, a space, §5) points outside just the same.
const OUTSIDE_DOCUMENT = new RegExp(
  `\\b(?:(?:${['SPEC', 'DESIGN', 'TOOLCHAIN', 'STYLE'].join('|')})\\.md\\b|${'SPEC'}\\s*§)`,
);
// A folder named shared one level above the root is a sibling of the repository, but two levels up from
// scripts/webpack is our own shared package: only a relative path that resolves outside the root counts.
const SIBLING_SHARED = /(?<![\w.-])((?:\.\.\/)+)shared\//g;
const DOC_CITATION = /(?<![\w./-])(docs\/[\w.-]+\.md)((?:\s*\(?\s*§\d+(?:\s*,\s*§\d+)*)?)/g;
const BACKTICKED_MD_PATH = /`([\w.-]+(?:\/[\w.-]+)+\.md)`/g;
const MARKDOWN_LINK = /\]\(([^)\s#]*)(?:#[^)\s]*)?\)/g;
const SKIPPED_FILES = new Set(['package-lock.json']);

function isIgnoredByGit(relPath) {
  return spawnSync('git', ['check-ignore', '-q', relPath], { cwd: root }).status === 0;
}

function sectionsOf(relPath) {
  const text = readFileSync(path.join(root, relPath), 'utf8');
  return new Set([...text.matchAll(/^## (\d+)\b/gm)].map((m) => m[1]));
}

/**
 * Findings (`file:line: what`) for text standing at relPath. `exists(relPath)` and `sections(relPath)` answer for
 * repository paths, so probes can run without touching the tree.
 */
function selfContainedFindings(relPath, text, { exists, sections, ignored = () => false }) {
  const findings = [];
  const dir = path.posix.dirname(relPath);
  const citable = (target) => exists(target) || ignored(target);
  text.split('\n').forEach((line, index) => {
    const at = `${relPath}:${index + 1}`;
    if (OUTSIDE_DOCUMENT.test(line)) findings.push(`${at}: cites a document outside the repository`);
    for (const [, ups] of line.matchAll(SIBLING_SHARED)) {
      if (path.posix.normalize(path.posix.join(dir, ups, 'shared')).startsWith('../')) {
        findings.push(`${at}: a path outside the repository (${ups}shared/)`);
      }
    }
    for (const [, doc, cited] of line.matchAll(DOC_CITATION)) {
      if (!exists(doc)) {
        findings.push(`${at}: ${doc} does not exist`);
        continue;
      }
      const missing = [...cited.matchAll(/§(\d+)/g)].map((m) => m[1]).filter((n) => !sections(doc).has(n));
      if (missing.length > 0) findings.push(`${at}: ${doc} has no section ${missing.map((n) => `§${n}`).join(', ')}`);
    }
    for (const [, target] of line.matchAll(BACKTICKED_MD_PATH)) {
      if (target.startsWith('docs/')) continue;
      const fromFile = path.posix.normalize(path.posix.join(dir, target));
      if (!citable(target) && !citable(fromFile)) findings.push(`${at}: ${target} does not exist`);
    }
    if (!relPath.endsWith('.md')) return;
    for (const [, target] of line.matchAll(MARKDOWN_LINK)) {
      if (target === '' || /^[a-z][a-z+.-]*:/i.test(target)) continue;
      const resolved = target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(dir, target));
      if (!citable(resolved.replace(/\/$/, ''))) findings.push(`${at}: link to ${target}, which does not exist`);
    }
  });
  return [...new Set(findings)];
}

const repoExists = (relPath) => !relPath.startsWith('../') && existsSync(path.join(root, relPath));
const sectionCache = new Map();
const repoSections = (relPath) => {
  if (!sectionCache.has(relPath)) sectionCache.set(relPath, sectionsOf(relPath));
  return sectionCache.get(relPath);
};
const repoContext = { exists: repoExists, sections: repoSections, ignored: isIgnoredByGit };

// Tracked files plus new ones not yet added (but not ignored ones), so a file is checked before its first commit.
const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
});
if (listed.status !== 0) {
  check('the repository is self-contained', false, `  git ls-files failed: ${listed.stderr.trim()}`);
} else {
  const findings = [];
  for (const relPath of new Set(listed.stdout.split('\0').filter(Boolean))) {
    const file = path.join(root, relPath);
    if (SKIPPED_FILES.has(path.posix.basename(relPath)) || !existsSync(file) || !statSync(file).isFile()) continue;
    const bytes = readFileSync(file);
    if (bytes.subarray(0, 8000).includes(0)) continue;
    findings.push(...selfContainedFindings(relPath, bytes.toString('utf8'), repoContext));
  }
  check('the repository is self-contained', findings.length === 0, findings.map((f) => `  ${f}`).join('\n'));
}

// Probes: source that breaks a rule, linted as if it stood at the given path. Each must be reported by that rule.
const eslint = new ESLint({ cwd: root });
const probes = [
  {
    name: 'public-site importing admin-app is refused',
    file: 'public-site/src/features/home/boundary-probe.ts',
    code: "import { App } from '../../../../admin-app/src/app/app';\nexport const probe = App;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'admin-app importing the shell is refused',
    file: 'admin-app/src/features/bookings/boundary-probe.ts',
    code: "import { Navbar } from '../../../../shell/src/features/navbar/navbar';\nexport const probe = Navbar;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'shared importing an app is refused',
    file: 'shared/src/domain/boundary-probe.ts',
    code: "import { messages } from '../../../public-site/src/messages';\nexport const probe = messages;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a type imported without `import type` is refused',
    file: 'shared/src/domain/type-probe.ts',
    code: "import { Service } from './types';\nexport const probe = (s: Service) => s.name;\n",
    rule: '@typescript-eslint/consistent-type-imports',
  },
  {
    name: 'a barrel file inside a package is refused',
    file: 'security-kit/src/validators/index.ts',
    code: "export * from './validators';\n",
    rule: 'no-restricted-syntax',
  },
  {
    name: 'a field chosen by comparing message texts is refused',
    file: 'public-site/src/features/booking/message-probe.ts',
    code:
      "import { SERVICE_NOT_FOUND } from '@studio/shared/messages';\n" +
      "export const probe = (error: Error) => (error.message === SERVICE_NOT_FOUND ? 'serviceId' : 'serviceTierId');\n",
    rule: 'no-restricted-syntax',
  },
  {
    name: 'a component effect with its own live flag is refused',
    file: 'admin-app/src/features/contracts/live-flag-probe.tsx',
    code:
      "import { useEffect } from 'react';\n" +
      'export function Probe({ load }: { load: () => Promise<string> }) {\n' +
      '  useEffect(() => {\n' +
      '    let live = true;\n' +
      '    load().then(() => live && undefined);\n' +
      '    return () => {\n' +
      '      live = false;\n' +
      '    };\n' +
      '  }, [load]);\n' +
      '  return null;\n' +
      '}\n',
    rule: 'no-restricted-syntax',
  },
  {
    name: 'a server feature importing inside another feature is refused',
    file: 'server/src/features/deal/boundary-probe.ts',
    code: "import { hashManageToken } from '../bookings/manage-booking.routes';\nexport const probe = hashManageToken;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: "the server's platform importing a feature is refused",
    file: 'server/src/platform/boundary-probe.ts',
    code: "import { SESSION_COOKIE } from '../features/auth/sessions';\nexport const probe = SESSION_COOKIE;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a server feature importing the composition root is refused',
    file: 'server/src/features/bookings/boundary-probe.ts',
    code: "import { buildApp } from '../../app/app';\nexport const probe = buildApp;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    // The number is assembled so that this file itself passes the rule.
    name: 'a comment citing a tracker number is refused',
    file: 'server/src/features/bookings/tracker-probe.ts',
    code: `// Checked here (${['issue', '12'].join(' ')}).\nexport const probe = 1;\n`,
    rule: 'studio/no-tracker-references',
  },
  {
    name: 'a test title citing a tracker number is refused',
    file: 'server/test/tracker-probe.test.ts',
    code: `test('refuses a late booking (${['issue', '14'].join(' ')})', () => undefined);\n`,
    rule: 'studio/no-tracker-references',
  },
];
for (const probe of probes) {
  const [report] = await eslint.lintText(probe.code, { filePath: path.join(root, probe.file) });
  const rules = report.messages.map((m) => m.ruleId);
  check(
    `probe: ${probe.name}`,
    rules.includes(probe.rule),
    rules.includes(probe.rule) ? '' : `  reported: ${rules.join(', ') || 'nothing'}`,
  );
}

// Probes of the self-contained check, on text that never touches the tree. Their citations are assembled so that
// this file itself passes the check.
const outsidePath = ['..', 'shared', ['SPEC', 'md'].join('.')].join('/');
const productDoc = ['docs', 'product.md'].join('/');
const missingDoc = ['docs', 'no-such-page.md'].join('/');
const textProbes = [
  {
    name: 'a reference outside the repository is refused',
    file: 'README.md',
    text: `The rules:\nsee ${outsidePath} for them.\n`,
    expected: [
      'README.md:2: cites a document outside the repository',
      `README.md:2: a path outside the repository (${['..', 'shared', ''].join('/')})`,
    ],
  },
  {
    name: 'a section of the outside spec cited without its file is refused',
    file: 'shared/src/domain/spec-probe.ts',
    text: `// As ${'SPEC'} §5 says.\n// As ${productDoc} §5 says.\n`,
    expected: ['shared/src/domain/spec-probe.ts:1: cites a document outside the repository'],
  },
  {
    name: 'a citation of a missing document or section is refused',
    file: 'shared/src/domain/citation-probe.ts',
    text: `// ${productDoc} §5 holds.\n// ${productDoc} §10 and ${missingDoc} do not.\n`,
    expected: [
      `shared/src/domain/citation-probe.ts:2: ${productDoc} has no section §10`,
      `shared/src/domain/citation-probe.ts:2: ${missingDoc} does not exist`,
    ],
  },
];
for (const probe of textProbes) {
  const found = selfContainedFindings(probe.file, probe.text, repoContext);
  const exact = found.length === probe.expected.length && probe.expected.every((f) => found.includes(f));
  check(`probe: ${probe.name}`, exact, exact ? '' : `  reported: ${found.join('; ') || 'nothing'}`);
}

// Probe of the cycle check: a tree of two files that import each other, one of them for a type only, has exactly
// that one cycle.
const cycleDir = mkdtempSync(path.join(os.tmpdir(), 'studio-cycle-probe-'));
try {
  writeFileSync(path.join(cycleDir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true } }));
  writeFileSync(path.join(cycleDir, 'a.ts'), "import { b } from './b';\nexport type A = { b: typeof b };\n");
  writeFileSync(path.join(cycleDir, 'b.ts'), "import type { A } from './a';\nexport const b = (a: A) => a;\n");
  const found = findImportCycles(cycleDir);
  const exact = found.length === 1 && found[0].join(' ') === 'a.ts b.ts';
  check(
    'probe: an import cycle (through a type import) is found',
    exact,
    exact ? '' : `  found: ${JSON.stringify(found)}`,
  );
} finally {
  rmSync(cycleDir, { recursive: true, force: true });
}

const passed = results.filter(Boolean).length;
console.log(`${passed} passed, ${results.length - passed} failed`);
process.exit(passed === results.length ? 0 : 1);
