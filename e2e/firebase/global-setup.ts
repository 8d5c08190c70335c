// The Firebase home for the journey: the emulators started once for the run (firebase/scripts/
// firebase-home-emulators.mjs: Firestore, Auth, the app function, Hosting's two sites) and stopped, by their process ids, at
// its end. The workers read where it runs from the environment this leaves behind.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from '../support/chromium';
import { REPO_ROOT } from '../support/server';

export default async function globalSetup() {
  process.env.CHROME_PATH = chromiumPath();
  for (const app of ['shell', 'public-site', 'admin-app']) {
    if (!existsSync(path.join(REPO_ROOT, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json'))) {
      throw new Error(`${app} is not built: run \`npm run build\` first (npm test does).`);
    }
  }
  const { startFirebaseHome } = await import('../../firebase/scripts/firebase-home-emulators.mjs');
  const home = await startFirebaseHome({ logDir: path.join(REPO_ROOT, '.test-results', 'firebase-journey') });
  process.env.E2E_FIREBASE_ORIGIN = home.hostingOrigin;
  process.env.E2E_FIREBASE_ADMIN_ORIGIN = home.adminOrigin;
  process.env.E2E_FIREBASE_AUTH = home.authOrigin;
  process.env.E2E_FIREBASE_PROJECT = home.project;
  process.env.E2E_FIREBASE_ADMIN = home.adminEmail;
  process.env.E2E_FIREBASE_MODEL_NAME = home.modelName;
  return async () => {
    await home.stop();
  };
}
