// What the server puts into the page for the shell to start from: where the remotes are, the studio's clock, and
// on the Firebase home its sign-in configuration.
import type { IsoDate } from './date-types';

/** The studio's clock as the server tells the browser (in the runtime configuration). */
export interface StudioClock {
  /** The studio's time zone (TIMEZONE). */
  timeZone: string;
  /** Its calendar day when the server answered. */
  today: IsoDate;
  /** 0 Sunday ... 6 Saturday. */
  firstWeekday: number;
}

/** Runtime configuration the server puts into the page (docs/architecture.md: remotes are located at run time). */
export interface RuntimeConfig {
  remotes: Record<'public-site' | 'admin-app', string>;
  /**
   * Subresource integrity of a deployed version's manifest and remote entry: URL path -> `sha384-…`, recorded at its
   * upload. The shell's federation runtime fetches and loads those with it, so a changed file is refused. Absent for
   * the build output.
   */
  integrity?: Record<string, string>;
  modelName: string;
  /**
   * The site's two origins: the public pages', and hers (the dashboard, sign-in, her cookies). The shell on the admin
   * origin never loads public-site, the one on the public origin never loads admin-app; her name's gesture on the
   * public origin takes her to the admin origin's sign-in.
   */
  origins?: { public: string; admin: string };
  /** The studio's zone, its day and its first weekday: every date limit and calendar in the browser reads them. */
  studio?: StudioClock;
  /**
   * Only on the Firebase home: the web app's config for Firebase Auth's e-mail link, and the Auth emulator's URL when
   * the server runs against it. Absent on the embedded home, whose sign-in is the server's own link.
   */
  firebase?: FirebaseSignInConfig;
}

export interface FirebaseSignInConfig {
  webConfig: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  authEmulatorUrl?: string;
}
