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
  projects: [
    dom('shared'),
    dom('security-kit', 'jsdom'),
    dom('shell'),
    dom('public-site'),
    dom('admin-app'),
    {
      ...base,
      displayName: 'server',
      rootDir: '<rootDir>/server',
      testEnvironment: 'node',
      testPathIgnorePatterns: ['/node_modules/', '/test/soak/'],
    },
    // Load and crash tests (issue 9): real server processes, about a minute and a half; `npm run test:soak`.
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
    // The Cloud Functions' logic (firebase/functions/src/core); the thin runtime wrapper index.ts is type-checked only.
    {
      ...base,
      displayName: 'firebase-functions',
      rootDir: '<rootDir>/firebase/functions',
      testEnvironment: 'node',
      moduleNameMapper: {},
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    // A production build with STUDIO_BACKEND=firebase and its first load in Chromium (about a minute), and the
    // emulator suite's refusal to run without an emulator. The emulator suite itself (firebase/test/emulator,
    // firebase/functions/test) is its own step of `npm test` (`npm run test:firebase`).
    {
      ...base,
      displayName: 'firebase-build',
      rootDir: '<rootDir>/firebase',
      testEnvironment: 'node',
      moduleNameMapper: {},
      testMatch: ['<rootDir>/test/first-load.test.ts', '<rootDir>/test/emulator-setup.test.ts'],
    },
  ],
};

export default config;
