import type { Config } from 'jest';

// One jest run over every package. ts-jest only transpiles (type errors are caught by `npm run typecheck`),
// which keeps the run fast on two cores.
const tsJest: [string, Record<string, unknown>] = [
  'ts-jest',
  {
    tsconfig: {
      module: 'commonjs',
      moduleResolution: 'node10',
      jsx: 'react-jsx',
      esModuleInterop: true,
      isolatedModules: true,
      ignoreDeprecations: '6.0',
    },
    diagnostics: false,
  },
];

// firebase-admin's token verifier requires jose, which ships as ES modules only: Node loads it with require(esm), jest
// on Node 20 cannot, so it is compiled to CommonJS for the tests that build the Firebase home's app. The same for the
// Cloud Storage client's HTTP: teeny-request and gaxios import() node-fetch 3 (ES modules only, with its own), which jest
// refuses without --experimental-vm-modules; compiled, the import() becomes a require().
const joseToCommonJs = {
  transform: {
    '^.+\\.tsx?$': tsJest,
    '^.+/node_modules/(jose|teeny-request|gaxios|node-fetch|data-uri-to-buffer|fetch-blob|formdata-polyfill)/.+\\.js$':
      [
        'ts-jest',
        {
          tsconfig: { allowJs: true, module: 'commonjs', isolatedModules: true, ignoreDeprecations: '6.0' },
          diagnostics: false,
        },
      ],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|teeny-request|gaxios|node-fetch|data-uri-to-buffer|fetch-blob|formdata-polyfill)/)',
  ],
};

const base = {
  transform: { '^.+\\.tsx?$': tsJest },
  moduleNameMapper: { '\\.css$': '<rootDir>/../scripts/jest-style-stub.cjs' },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
};

// The UI packages' environment: jsdom, with the real server one call away (scripts/jest-studio-environment.ts, one
// server per worker); security-kit needs no server and keeps plain jsdom.
const STUDIO_ENVIRONMENT = '<rootDir>/../scripts/jest-studio-environment.ts';

const dom = (name: string, testEnvironment = STUDIO_ENVIRONMENT) => ({
  ...base,
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment,
  setupFilesAfterEnv: ['<rootDir>/../scripts/jest-dom-setup.ts'],
});

const config: Config = {
  // Tests talk to real servers, real SQLite files and child processes: on a busy two-core machine (CI, or the full
  // suite with the browsers running) one such test can take well over jest's 5 s default without anything being
  // wrong. No test asserts on time; a hang still fails, after 30 s. (Read from the run's own settings: a project's
  // testTimeout is not.)
  testTimeout: 30_000,
  projects: [
    dom('shared'),
    dom('security-kit', 'jsdom'),
    dom('shell'),
    dom('public-site'),
    dom('admin-app'),
    {
      ...base,
      ...joseToCommonJs,
      displayName: 'server',
      rootDir: '<rootDir>/server',
      testEnvironment: 'node',
      testPathIgnorePatterns: ['/node_modules/', '/test/soak/'],
    },
    // Load and crash tests: real server processes, about a minute and a half; `npm run test:soak`.
    ...(process.env.STUDIO_SOAK === '1'
      ? [
          {
            ...base,
            displayName: 'soak',
            rootDir: '<rootDir>/server',
            testEnvironment: 'node',
            testMatch: ['<rootDir>/test/soak/**/*.soak.test.ts'],
          },
        ]
      : []),
    // `npm run deploy:firebase -- --dry-run` (the one web build, the app function, Hosting's folder) and the first load
    // of that build in Chromium (about a minute), and the emulator suite's refusal to run without an emulator. The
    // emulator suite itself (firebase/test/emulator) is its own step of `npm test` (`npm run test:firebase`).
    {
      ...base,
      // function-headers.test.ts loads the function's entry, whose firebase-functions loads firebase-admin's auth.
      ...joseToCommonJs,
      displayName: 'firebase-build',
      rootDir: '<rootDir>/firebase',
      testEnvironment: 'node',
      moduleNameMapper: {},
      testMatch: [
        '<rootDir>/test/first-load.test.ts',
        '<rootDir>/test/firebase-guide.test.ts',
        '<rootDir>/test/sign-in-first-load.test.ts',
        '<rootDir>/test/emulator-setup.test.ts',
        '<rootDir>/test/function-settings.test.ts',
        '<rootDir>/test/function-headers.test.ts',
        '<rootDir>/test/stop-emulators.test.ts',
        '<rootDir>/test/deploy-files.test.ts',
      ],
    },
  ],
};

export default config;
