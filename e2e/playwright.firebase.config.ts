// The Firebase home's journey (e2e/firebase/): Chromium against the Hosting emulator in front of the app function,
// with Firestore and Auth on their emulators, all started by the global setup. One worker: one journey, one home.
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './support/chromium';

export default defineConfig({
  testDir: './firebase',
  testMatch: '**/*.spec.ts',
  globalSetup: './firebase/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: './test-results/firebase',
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});
