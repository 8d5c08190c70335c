// `npm run lint`: ESLint (no warnings), Prettier's check, import cycles, and probes that prove the boundary rules
// bite. Prints one line per check and `N passed, N failed`; exits non-zero when any check failed.
import { spawnSync } from 'node:child_process';
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

const passed = results.filter(Boolean).length;
console.log(`${passed} passed, ${results.length - passed} failed`);
process.exit(passed === results.length ? 0 : 1);
