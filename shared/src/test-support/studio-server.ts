// The UI tests' backend: the real server (server/src/app/app.ts), one per jest worker, started by the studio test
// environment (scripts/jest-studio-environment.ts) on 127.0.0.1 with SQLite in a temporary folder, reached through
// the http adapter as a browser reaches it. The page's address is the server's, so the adapter's same-origin calls,
// its cookies (the HttpOnly session, the CSRF pair, the session hint) and its live streams work unchanged.
//
// useStudioServer() gives each test a server holding only what the test seeds: every table emptied, the seed written
// through the server's own repositories, this page's cookies and storage cleared, the server's clock back at now.
import type { AvailabilityPeriodInput, TimeSlotInput, UnavailableRangeInput } from '../domain/availability-types';
import type { BookingRequest } from '../domain/booking-types';
import type {
  CompCardStats,
  Gallery,
  PortfolioContent,
  PortfolioMeta,
  Project,
  SiteDetails,
} from '../domain/content-types';
import type { Service } from '../domain/service-types';
import { act } from '@testing-library/react';
import type { Backend } from '../backend/port';
import { createHttpBackend } from '../backend/http';
import { pageStore, type KeyValueStore } from '../backend/sign-in-email';

/** What a test starts from; everything left out is empty, as on a server nobody has written to yet. */
export interface StudioSeed {
  services?: Service[];
  portfolioMeta?: PortfolioMeta;
  portfolioContent?: PortfolioContent;
  projects?: Project[];
  /** Keyed by project id; a project without one has an empty gallery. */
  galleries?: Record<string, Gallery>;
  siteDetails?: SiteDetails;
  compCard?: CompCardStats;
  availability?: {
    periods?: AvailabilityPeriodInput[];
    unavailable?: UnavailableRangeInput[];
    slots?: TimeSlotInput[];
  };
  /** Stored as given (status and creation time included), in this order; their ids are the server's. */
  bookings?: Array<Omit<BookingRequest, 'id'>>;
  /** The admin's SMS choice. */
  smsEnabled?: boolean | null;
}

/** The ids the server gave what was seeded, in the seed's order. */
export interface SeededIds {
  bookings: string[];
  periods: string[];
  unavailable: string[];
  slots: string[];
}

export interface OutboxMessage {
  id: number;
  channel: 'mail' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

/** This browser's passkey authenticator (a software one, on the site's origin). */
export interface PasskeyDevice {
  /** From now on the browser uses another authenticator, holding none of her passkeys. */
  switchToAnother(): void;
  /** She dismisses the next passkey prompt. */
  dismissNextPrompt(): void;
}

/** What the test environment puts on the page's window (functions of the worker's node side). */
export interface StudioBridge {
  /** Starts this worker's server once and points the page at it. */
  start(): Promise<{ baseUrl: string; adminEmail: string }>;
  /** Empties the server and writes the seed; clears this page's cookies and puts the server's clock back at now. */
  reset(seed: StudioSeed): Promise<SeededIds>;
  /** The server's outbox (the mails and SMS it sent), newest first. */
  outbox(): Promise<OutboxMessage[]>;
  /** Moves the server's clock on (a link or a passkey step expiring). */
  advanceClock(ms: number): void;
  /** Resolves once no request of this page is in flight (a response may start another: it waits for that too). */
  idle(): Promise<void>;
  /**
   * From now on the page's requests that start with one of these ('GET /api/services', 'POST /api/admin', '' for all;
   * ending in '$', exactly that path) fail as fetch fails when the network is down; an empty list lets every request
   * through again.
   */
  failRequests(prefixes: string[]): void;
  /** The next request starting with this reaches the server, and its answer is lost on the way back. */
  loseNextAnswer(prefix: string): void;
  /** Puts a software passkey authenticator behind this page's navigator.credentials. */
  passkeyDevice(): PasskeyDevice;
  /** How many requests this page has sent to a path (method and path, e.g. 'GET /api/services'); '*' counts all. */
  requests(methodAndPath: string): number;
  /** Deploys a remote's build as a team's CI does (a deploy token, the upload, going live); answers its version. */
  deploy(remote: 'public-site' | 'admin-app', build: RemoteDeploy): Promise<string>;
}

export interface RemoteDeploy {
  /** What makes this build's files (and so its version) its own. */
  text: string;
  /** Who deployed it, as the deploy command names her. */
  by: string;
  tokenLabel: string;
}

function bridge(): StudioBridge {
  const found = (globalThis as { __studioServer?: StudioBridge }).__studioServer;
  if (!found) {
    throw new Error(
      "No studio server here: the test's project must use the studio test environment (jest.config.ts, dom()).",
    );
  }
  return found;
}

export interface StudioServer {
  /** A new http adapter, as a page load makes one (its own sign-in store unless given one). */
  backend(store?: KeyValueStore): Backend;
  /** The ids of what was seeded. */
  ids: SeededIds;
  adminEmail: string;
  /** Signs the given adapter in as the admin the product's way: the e-mail link from the outbox, then completed. */
  signInAsAdmin(backend: Backend): Promise<void>;
  /** The token of the newest sign-in link in the outbox. */
  lastSignInToken(): Promise<string>;
  outbox(): Promise<OutboxMessage[]>;
  advanceClock(ms: number): void;
  /** Resolves once none of the page's requests is in flight (outside act(): React's updates may still wait). */
  idle(): Promise<void>;
  /**
   * Lets the page settle inside act(): its requests finish, React renders their answers and runs the effects they
   * cause, and so on until a round starts no new request. (Inside one act() React runs effects only at its end, so a
   * request an answer's effect starts needs another round.)
   */
  settle(): Promise<void>;
  /** The page's requests starting with one of these fail as on a dropped network ('' is every request; ending in
   * '$', exactly that path). */
  failRequests(...prefixes: string[]): void;
  /** Lets every request through again. */
  restoreNetwork(): void;
  /** The next request starting with this reaches the server, and its answer is lost on the way back. */
  loseNextAnswer(prefix: string): void;
  passkeyDevice(): PasskeyDevice;
  requests(methodAndPath: string): number;
  deploy(remote: 'public-site' | 'admin-app', build: RemoteDeploy): Promise<string>;
}

/** Empties this worker's server and seeds it; call it in beforeEach (or at the start of a test). */
export async function studioServer(seed: StudioSeed = {}): Promise<StudioServer> {
  const studio = bridge();
  const { adminEmail } = await studio.start();
  const ids = await studio.reset(seed);
  const lastSignInToken = async () => {
    for (const message of await studio.outbox()) {
      const token = /[?&]token=([A-Za-z0-9_-]{43})/.exec(message.body)?.[1];
      if (token) return token;
    }
    throw new Error('no sign-in link in the outbox');
  };
  return {
    backend: (store) => createHttpBackend({ baseUrl: '', store: store ?? pageStore() }),
    ids,
    adminEmail,
    signInAsAdmin: async (backend) => {
      await backend.auth.requestLink(adminEmail);
      await backend.auth.completeSignIn(await lastSignInToken(), adminEmail);
    },
    lastSignInToken,
    outbox: () => studio.outbox(),
    advanceClock: (ms) => studio.advanceClock(ms),
    idle: () => studio.idle(),
    settle: async () => {
      for (let before = -1; before !== studio.requests('*');) {
        before = studio.requests('*');
        await act(() => studio.idle());
      }
    },
    failRequests: (...prefixes) => studio.failRequests(prefixes),
    restoreNetwork: () => studio.failRequests([]),
    loseNextAnswer: (prefix) => studio.loseNextAnswer(prefix),
    passkeyDevice: () => studio.passkeyDevice(),
    requests: (methodAndPath) => studio.requests(methodAndPath),
    deploy: (remote, build) => studio.deploy(remote, build),
  };
}
