// Types of firebase-home-emulators.mjs for the Playwright journey's global setup (e2e/firebase/global-setup.ts).
export declare const BROWSER_HOST: string;
export declare const ADMIN_BROWSER_HOST: string;
export declare const DEMO_API_KEY: string;

export interface FirebaseHome {
  project: string;
  /** Where a browser opens the site: the Hosting emulator, by the name `localhost`. */
  hostingOrigin: string;
  /** Her site (the `admin` Hosting target): the dashboard, sign-in and her API, by the name `admin.localhost`. */
  adminOrigin: string;
  /** The Auth emulator (its REST API and /emulator/v1/projects/<project>/oobCodes). */
  authOrigin: string;
  /** The app function itself in the Functions emulator, not behind Hosting. */
  functionUrl: string;
  /** The function instance's scratch folder (DATA_DIR): the demo artwork, an upload while it is processed. */
  functionDataDir: string;
  firestoreHost: string;
  /** The Cloud Storage stand-in (STORAGE_EMULATOR_HOST): its JSON API under /storage/v1/b/<storageBucket>. */
  storageUrl: string;
  /** The function's default bucket, where the admin's uploads go. */
  storageBucket: string;
  modelName: string;
  adminEmail: string;
  stop(): Promise<void>;
}

export declare function startFirebaseHome(options: {
  logDir: string;
  modelName?: string;
  adminEmail?: string;
  project?: string;
}): Promise<FirebaseHome>;
