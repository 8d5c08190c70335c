// Every dependency the composition root (app.ts) builds once per app, and how: the stores, the change bus, her name,
// the mail and SMS senders, sessions and passkeys. Route plugins are handed only their own part, as plugin options,
// and never import this set or the composition root.
import type { FastifyBaseLogger } from 'fastify';
import type { AppOptions } from '../platform/config';
import type { ServerEntryCheck } from '../features/deploys/gate';
import { createChangeBus, type ChangeBus, type ChangeRelay } from '../platform/change-bus';
import { createMailer, withMailQueue, withSenderName, type Mailer } from '../features/messaging/mailer';
import { createSecondFactorStore } from '../features/auth/second-factor';
import { createSessionStore } from '../features/auth/sessions';
import { createSmsSender } from '../features/messaging/sms-sender';
import { createSmsTransport, type SmsTransport } from '../features/messaging/sms-transport';
import type { MediaFiles } from '../features/media/media-files';
import { createPasskeyService } from '../features/auth/passkeys';
import { createSiteIdentity } from '../features/content/site-identity';
import type { AvailabilityStore } from '../features/availability/availability-store';
import type { BookingsStore } from '../features/bookings/bookings-store';
import type { ContentStore } from '../features/content/content-store';
import type { ContractsStore } from '../features/contracts/contracts-store';
import type { OutboxStore } from '../features/messaging/outbox-store';
import type { SettingsStore } from '../features/settings/settings-store';
import type { SignInLimitsStore } from '../features/auth/sign-in-limits-store';
import type { Storage } from './storage';
import type { SessionStore } from '../features/auth/sessions';
import type { SmsSender } from '../features/messaging/sms-sender';
import type { PasskeyService } from '../features/auth/passkeys';
import type { SiteIdentityReader } from '../features/content/site-identity';

/** Everything a route module needs; built once per app. */
export interface AppDeps {
  options: AppOptions;
  content: ContentStore;
  availability: AvailabilityStore;
  outbox: OutboxStore;
  settings: SettingsStore;
  bus: ChangeBus;
  /** Her name and public contact from Site details (features/content/site-identity.ts): what clients and pages see. */
  identity: SiteIdentityReader;
  mailer: Mailer;
  /**
   * Where a new booking's mails are written with it: straight into the local outbox when that is where every mail
   * ends (no SMTP server, no mailer given), else the queue the mail job sends from.
   */
  mailsTo: 'queue' | 'outbox';
  sms: SmsTransport;
  /** Client SMS with the flag, opt-in and limits applied: use this, not `sms`, to text a client. */
  smsSender: SmsSender;
  sessions: SessionStore;
  /** Counters of sign-in link requests, per client address, per address and e-mail, per mailbox. */
  signInLimits: SignInLimitsStore;
  /** Booking requests: the visitor's create, the admin's list and status changes, the reminder job. */
  bookings: BookingsStore;
  /** The admin's passkeys, recovery code and the passkey step of sign-in. */
  passkeys: PasskeyService;
  /** Contracts sent for e-signature, their audit trails and signed PDFs. */
  contracts: ContractsStore;
}

/** Parts a caller may supply instead of the ones the options would build. */
export interface GivenDeps {
  /** Replace a transport (tests exercise the SMTP and Twilio paths with fakes). */
  mailer?: Mailer;
  sms?: SmsTransport;
  /** The bus the routes announce changes on (tests listen to it). */
  bus?: ChangeBus;
  /** Smoke-renders a remote's server entry before it may go live (features/deploys/gate.ts); the sandbox's render unless given. */
  serverEntryCheck?: ServerEntryCheck;
  /**
   * Where everything is stored (app/storage.ts); by default SQLite in DATA_DIR (createSqliteStorage). A storage
   * given here is closed with the app; daily backups run for SQLite only (a Firestore home has Google's exports).
   */
  storage?: Storage;
  /** How long a server render may take before its sandbox is restarted (features/pages/render-sandbox.ts); tests wait less. */
  renderTimeoutMs?: number;
  /**
   * Where the admin's uploads are kept (features/media/media-files.ts): by default DATA_DIR/media and DATA_DIR/media-originals
   * (createDiskMediaFiles); the Firebase home gives a bucket's (createCloudStorageMediaFiles).
   */
  mediaFiles?: MediaFiles;
}

/**
 * The storage's change feed when several server instances share it (the Firestore storage's `changes`: the Firebase
 * home); none for SQLite, which one process owns. Read by shape, so the embedded server never loads the Admin SDK.
 */
const relayOf = (storage: Storage): ChangeRelay | undefined => (storage as { changes?: ChangeRelay }).changes;

/** Every dependency of the routes, built once on the storage. */
export function createDeps(storage: Storage, options: AppOptions, log: FastifyBaseLogger, given: GivenDeps): AppDeps {
  const { outbox, settings } = storage;
  const sms = given.sms ?? createSmsTransport({ twilio: options.twilio, outbox, log, now: options.now });
  const bus = given.bus ?? createChangeBus({ relay: relayOf(storage), log });
  const identity = createSiteIdentity({ content: storage.content, bus, fallbackName: options.modelName });
  // Every mail leaves under her current name (Site details), at MAIL_FROM's address. Whichever mailer it is, the mail
  // queue is behind it: a new booking's mails wait there, written with the request, until the mail job sends them.
  const mailer = withSenderName(
    withMailQueue(
      given.mailer ??
        createMailer({
          smtpUrl: options.smtpUrl,
          from: options.mailFrom,
          outbox,
          log,
          now: options.now,
          // A mail the SMTP server refuses is kept and sent again (features/messaging/mail-queue.ts), not dropped.
          queue: storage.mailQueue,
        }),
      { queue: storage.mailQueue, now: options.now, log },
    ),
    identity.displayName,
  );
  return {
    options,
    content: storage.content,
    availability: storage.availability,
    outbox,
    settings,
    bus,
    identity,
    mailer,
    mailsTo: !given.mailer && !options.smtpUrl ? 'outbox' : 'queue',
    sms,
    smsSender: createSmsSender({
      smsLog: storage.sms,
      transport: sms,
      settings,
      smsEnabledEnv: options.smsEnabledEnv,
      log,
      now: () => options.now().getTime(),
    }),
    sessions: createSessionStore(storage.sessions, { adminEmail: options.adminEmail, now: options.now }),
    signInLimits: storage.signInLimits,
    bookings: storage.bookings,
    contracts: storage.contracts,
    passkeys: createPasskeyService({
      passkeys: storage.passkeys,
      steps: createSecondFactorStore(storage.secondFactor, { now: options.now }),
      mailer,
      log,
      // Her passkeys belong to the origin she signs in at.
      adminOrigin: options.adminOrigin,
      siteName: options.modelName,
      now: options.now,
      timeZone: options.timeZone,
    }),
  };
}
