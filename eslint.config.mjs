// ESLint encodes the architecture in docs/architecture.md: one-way imports between apps and libraries, no import
// cycles, `import type` for types, no barrel files inside a package (only its public entries in package.json).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Who may import whom. Each app may use the two libraries; the libraries use no app; the remotes never import each
// other or the shell (they meet only through Module Federation at run time); the server uses the libraries only.
const apps = ['shell', 'public-site', 'admin-app'];
const zone = (target, from, message) => ({ target: `./${target}`, from: from.map((f) => `./${f}`), message });
const boundaries = [
  zone('shared', [...apps, 'server', 'firebase', 'e2e'], 'shared is a library: it imports no app.'),
  zone(
    'security-kit',
    [...apps, 'shared', 'server', 'firebase', 'e2e'],
    'security-kit is a library: it imports no app.',
  ),
  zone(
    'public-site',
    ['shell', 'admin-app', 'server', 'firebase'],
    'public-site may import only shared and security-kit.',
  ),
  zone(
    'admin-app',
    ['shell', 'public-site', 'server', 'firebase'],
    'admin-app may import only shared and security-kit.',
  ),
  zone(
    'shell',
    ['public-site', 'admin-app', 'server', 'firebase'],
    'The shell loads the remotes through federation only.',
  ),
  zone('server', [...apps, 'firebase'], 'The server imports the libraries, never an app.'),
  // The Firebase home runs the server app itself (one server, two homes), so its tests build it; no browser app.
  zone('firebase', apps, 'Firebase code imports the libraries and the server, never a browser app.'),
  ...serverLayers(),
];

/**
 * The server's own layers (docs/architecture.md, "Where does my change go"): app/ composes, features/<area>/ own a
 * product area each, platform/ is what every feature stands on. Imports run down only, and a feature uses another
 * only through that feature's public file, its index.ts: whatever else is in a feature's folder may change without
 * another feature noticing.
 */
function serverLayers() {
  const root = 'server/src';
  const features = readdirSync(new URL(`./${root}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    {
      target: `./${root}/platform`,
      from: [`./${root}/features`, `./${root}/app`, `./${root}/cli`],
      message: 'platform/ is the floor: it imports no feature, nor the composition in app/.',
    },
    zone(
      `${root}/features`,
      [`${root}/app`, `${root}/cli`],
      'A feature never imports the composition (app/) or a tool.',
    ),
    ...features.flatMap((feature) =>
      features
        .filter((other) => other !== feature)
        .map((other) => ({
          target: `./${root}/features/${feature}`,
          from: `./${root}/features/${other}`,
          except: ['./index.ts'],
          message: `features/${feature} uses features/${other} only through its public file, features/${other}/index.ts.`,
        })),
    ),
  ];
}

// A package's public entries are the files its package.json exports; every other index file would be a barrel.
const publicEntries = [
  'shared/src/domain/index.ts',
  'shared/src/schemas/index.ts',
  'shared/src/backend/index.ts',
  'shared/src/backend/http/index.ts',
  'shared/src/auth-store/index.ts',
  'shared/src/router/index.ts',
  'shared/src/data/index.ts',
  'security-kit/src/index.ts',
  'security-kit/src/react/index.ts',
  'security-kit/src/monitor/index.ts',
  // A server feature's public file: what other features may use of it (serverLayers above).
  'server/src/features/*/index.ts',
];

// Comments and test titles read on their own: a number in a tracker that is not in this repository explains nothing
// to the next reader, so the reason goes in words.
const TRACKER_REFERENCE = /\bissues?\s*#?\d+/i;
const TEST_CALLS = new Set(['test', 'it', 'describe']);
const titleOf = (node) => {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked).join(' ');
  return undefined;
};
const studioRules = {
  rules: {
    'no-tracker-references': {
      meta: { type: 'suggestion', schema: [], messages: { cited: 'Say the reason in words, not a tracker number.' } },
      create(context) {
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              if (TRACKER_REFERENCE.test(comment.value)) context.report({ loc: comment.loc, messageId: 'cited' });
            }
          },
          CallExpression(node) {
            const callee = node.callee.type === 'MemberExpression' ? node.callee.object : node.callee;
            if (callee.type !== 'Identifier' || !TEST_CALLS.has(callee.name)) return;
            const title = titleOf(node.arguments[0]);
            if (title && TRACKER_REFERENCE.test(title)) context.report({ node: node.arguments[0], messageId: 'cited' });
          },
        };
      },
    },
  },
};

// Syntax no package may use; a later block that sets no-restricted-syntax again repeats these (flat config replaces
// a rule's options, it does not add to them).
const restrictedSyntax = [
  {
    selector: 'ImportDeclaration[source.value=/(\\.\\.\\/){2,}(shared|security-kit)\\/src/]',
    message: 'Import the library by its package name (@studio/...), not by a relative path into it.',
  },
  {
    // A field is chosen by a typed result (a code, `missing: 'service'`), never by the wording of a
    // message, which changes with the texts of docs/product.md. `message === undefined` is allowed; esquery
    // reads a missing attribute as the text 'undefined', hence the type beside each name.
    selector:
      ':matches(ConditionalExpression, IfStatement) > BinaryExpression.test[operator=/^[!=]==?$/]' +
      ":matches([left.name='message'], [left.property.name='message']," +
      " [right.name='message'], [right.property.name='message'])" +
      ":not([left.type='Identifier'][left.name='undefined'], [right.type='Identifier'][right.name='undefined'])",
    message: 'Choose by a typed result (a code or field), not by comparing message texts.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      'data/**',
      '.bench/**',
      '.test-results/**',
      '.rebuild-*/**',
      'e2e/test-results/**',
      // Built by firebase/scripts (build-functions.mjs, hosting-files.mjs) from the sources linted elsewhere.
      'firebase/functions/lib/**',
      'firebase/functions/site/**',
      'firebase/hosting/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node, ...globals.jest },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, studio: studioRules },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'no-restricted-syntax': ['error', ...restrictedSyntax],
      'studio/no-tracker-references': 'error',
    },
  },
  {
    files: ['{shell,public-site,admin-app,shared,security-kit}/src/**/*.{ts,tsx}'],
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // A component reads through the data layer (useQuery in its feature's api/<verb>-<thing>.ts), which
    // drops an answer that comes too late; an effect with its own `let live = true` is the hand-written copy of that.
    files: ['{shell,public-site,admin-app}/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...restrictedSyntax,
        {
          selector:
            "VariableDeclarator[id.name=/^(live|alive|mounted|cancelled|canceled|ignore)$/][init.type='Literal']",
          message: 'Read through useQuery in an api/<verb>-<thing>.ts file, not an effect with its own live flag.',
        },
      ],
    },
  },
  {
    // Playwright reads a fixture's dependencies from its destructured first parameter, so `{}` means "none".
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/index.ts'],
    ignores: publicEntries,
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No barrel files inside a package: import the module itself.' },
        {
          selector: 'ExportNamedDeclaration[source]',
          message: 'No barrel files inside a package: import the module itself.',
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
