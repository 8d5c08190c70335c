// Every dependency the composition root (app.ts) builds once per app. Route plugins are handed only their own part,
// as plugin options, and never import this set or the composition root.
import type { AppOptions } from '../platform/config';
import type {
  AvailabilityStore,
  BookingsStore,
  ContentStore,
  ContractsStore,
  OutboxStore,
  SettingsStore,
  SignInLimitsStore,
} from '../platform/storage/ports';
import type { SessionStore } from '../features/auth/sessions';
import type { ChangeBus } from '../platform/change-bus';
import type { Mailer } from '../features/messaging/mailer';
import type { SmsTransport } from '../features/messaging/sms-transport';
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
