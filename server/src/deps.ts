// Every dependency the composition root (app.ts) builds once per app. Route plugins are handed only their own part,
// as plugin options, and never import this set or the composition root.
import type { AppOptions } from './config';
import type { ContentRepository } from './repositories/content-repository';
import type { AvailabilityRepository } from './repositories/availability-repository';
import type { OutboxRepository } from './repositories/outbox-repository';
import type { SettingsRepository } from './repositories/settings-repository';
import type { BookingsRepository } from './repositories/bookings-repository';
import type { SignInLimitsRepository } from './repositories/sign-in-limits-repository';
import type { SessionStore } from './lib/sessions';
import type { ChangeBus } from './lib/change-bus';
import type { Mailer } from './lib/mailer';
import type { SmsTransport } from './lib/sms-transport';
import type { SmsSender } from './lib/sms-sender';
import type { PasskeyService } from './services/passkeys';
import type { ContractsRepository } from './repositories/contracts-repository';

/** Everything a route module needs; built once per app. */
export interface AppDeps {
  options: AppOptions;
  content: ContentRepository;
  availability: AvailabilityRepository;
  outbox: OutboxRepository;
  settings: SettingsRepository;
  bus: ChangeBus;
  mailer: Mailer;
  sms: SmsTransport;
  /** Client SMS with the flag, opt-in and limits applied: use this, not `sms`, to text a client. */
  smsSender: SmsSender;
  sessions: SessionStore;
  /** Counters of sign-in link requests, per client address, per address and e-mail, per mailbox. */
  signInLimits: SignInLimitsRepository;
  /** Booking requests: the visitor's create, the admin's list and status changes, the reminder job. */
  bookings: BookingsRepository;
  /** The admin's passkeys, recovery code and the passkey step of sign-in. */
  passkeys: PasskeyService;
  /** Contracts sent for e-signature, their audit trails and signed PDFs (issue 19). */
  contracts: ContractsRepository;
}
