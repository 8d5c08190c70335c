// jest for the rules tests only (npm run test:firebase): they need the Firestore and Storage emulators, so the
// root jest run (npm test) does not include them.
const path = require('node:path');

module.exports = {
  rootDir: path.join(__dirname, '..'),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/rules.test.ts'],
  testTimeout: 30_000,
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
  },
};
