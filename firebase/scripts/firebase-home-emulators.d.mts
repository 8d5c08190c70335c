// Types of firebase-home-emulators.mjs for the Playwright journey's global setup (e2e/firebase/global-setup.ts).
export declare const BROWSER_HOST: string;
export declare const DEMO_API_KEY: string;

export interface FirebaseHome {
  project: string;
  /** Where a browser opens the site: the Hosting emulator, by the name `localhost`. */
  hostingOrigin: string;
  /** The Auth emulator (its REST API and /emulator/v1/projects/<project>/oobCodes). */
  authOrigin: string;
  /** The app function itself in the Functions emulator, not behind Hosting. */
  functionUrl: string;
  /** The interim storage's folder in the function's instance (STUDIO_STORAGE=instance-temp). */
  functionDataDir: string;
  firestoreHost: string;
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
