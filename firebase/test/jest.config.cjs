// jest for the emulator suite (firebase/scripts/test-emulators.mjs starts the emulators, then runs this): every test
// in test/emulator/ talks to the emulators (Firestore, Auth, the app function through Hosting), so the root jest run
// does not include them.
const path = require('node:path');

module.exports = {
  rootDir: path.join(__dirname, '..'),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/emulator/**/*.test.ts'],
  testTimeout: 60_000,
  // Google's Firestore refuses a query no index serves; the emulator does not, so the suite does it for it.
  setupFiles: ['<rootDir>/test/support/guard-firestore-queries.ts'],
  // One worker: the tests share one emulator of each kind, and two cores are better spent on the emulators.
  maxWorkers: 1,
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        tsconfig: {
          module: 'commonjs',
          moduleResolution: 'node10',
          esModuleInterop: true,
          isolatedModules: true,
          ignoreDeprecations: '6.0',
        },
        diagnostics: false,
      },
    ],
    // firebase-admin's token verifier requires jose, which ships as ES modules only: Node loads it with require(esm),
    // jest on this Node cannot, so it is compiled to CommonJS for the tests (the server on Firebase auth).
    '^.+/node_modules/jose/.+\\.js$': [
      'ts-jest',
      {
        tsconfig: { allowJs: true, module: 'commonjs', isolatedModules: true, ignoreDeprecations: '6.0' },
        diagnostics: false,
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
};
