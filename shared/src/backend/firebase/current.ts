// The firebase backend of a STUDIO_BACKEND=firebase build (webpack aliases ../current.ts here). The web config is
// public by design (it names the project; the rules protect the data) and webpack's DefinePlugin writes it in.
import { createFirebaseBackend } from './index';

export const backend = createFirebaseBackend({
  config: {
    apiKey: process.env.FIREBASE_API_KEY,
    authDomain: process.env.FIREBASE_AUTH_DOMAIN,
    projectId: process.env.FIREBASE_PROJECT_ID,
    storageBucket: process.env.FIREBASE_STORAGE_BUCKET,
    messagingSenderId: process.env.FIREBASE_MESSAGING_SENDER_ID,
    appId: process.env.FIREBASE_APP_ID,
  },
  functionsRegion: process.env.FIREBASE_FUNCTIONS_REGION || 'us-central1',
  appCheckSiteKey: process.env.FIREBASE_APP_CHECK_SITE_KEY || undefined,
});
