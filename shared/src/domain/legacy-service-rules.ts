// The rules of a service stored before services carried them, or before they carried a contract template: derived
// once, as the service is read, from what the service is (its built-in kind, known by its id), so an old database
// behaves as before until she saves the service with its rules. This is the services' migration in both homes (SQLite
// and Firestore read their services through it; Firestore has no other), and nothing else may look at a service's id.
import { PAYMENT_FULL_UPFRONT, PAYMENT_HALF_UPFRONT, PAYMENT_MONTHLY_IN_ADVANCE } from '../messages';
import { PLAIN_SERVICE_RULES, SHOOT_SERVICE_RULES } from './service-rules';
import type { ContractTemplate, Service, ServiceRules, Tier } from './service-types';

/** A service as a store may hold it: without rules, or with rules saved before they named a contract template. */
export type StoredService = Omit<Service, 'rules'> & {
  rules?: Omit<ServiceRules, 'contractTemplate'> & { contractTemplate?: ContractTemplate };
};

/** The old UGC rule: its tier ids were free text, so the schedule was read from words in them. */
function legacyUgcTierSchedule(tierId: string): string {
  const id = tierId.toLowerCase();
  if (id.includes('weekly') || id.includes('monthly')) return PAYMENT_MONTHLY_IN_ADVANCE;
  if (id.includes('runway')) return PAYMENT_FULL_UPFRONT;
  return PAYMENT_HALF_UPFRONT;
}

const LEGACY: Readonly<Record<string, { rules: ServiceRules; tierSchedule?: (tierId: string) => string }>> = {
  photoshoot: { rules: SHOOT_SERVICE_RULES },
  usergeneratedcontent: {
    rules: { ...PLAIN_SERVICE_RULES, paymentSchedule: PAYMENT_HALF_UPFRONT, contractTemplate: 'ugc' },
    tierSchedule: legacyUgcTierSchedule,
  },
};

/**
 * The contract template of a service saved before services named one: the built-in user-generated content service
 * gets the UGC contract and the built-in brand events service the event one, as their kinds are; every other service
 * the modeling contract, which is what a booking of it got before (the contract's service type was free text, and
 * only a name with "UGC" in it read otherwise). Never from the service's name, which she may change at will.
 */
const LEGACY_TEMPLATES: Readonly<Record<string, ContractTemplate>> = {
  usergeneratedcontent: 'ugc',
  'brand-events': 'event',
};
const legacyTemplateOf = (id: string): ContractTemplate =>
  Object.hasOwn(LEGACY_TEMPLATES, id) ? LEGACY_TEMPLATES[id]! : PLAIN_SERVICE_RULES.contractTemplate;

/** A stored service with its rules: as stored when it has them, else as the code applied them by id before. */
export function withStoredRules(service: StoredService): Service {
  // Read on every booking: a service stored with its rules whole is answered as it is.
  if (service.rules?.contractTemplate) return service as Service;
  const { rules, ...rest } = service;
  if (rules) return { ...rest, rules: { ...rules, contractTemplate: legacyTemplateOf(service.id) } };
  const legacy = Object.hasOwn(LEGACY, service.id) ? LEGACY[service.id] : undefined;
  if (!legacy) return { ...rest, rules: { ...PLAIN_SERVICE_RULES, contractTemplate: legacyTemplateOf(service.id) } };
  const schedule = legacy.tierSchedule;
  const tiers: Tier[] = schedule
    ? service.tiers.map((t) => (t.paymentSchedule ? t : { ...t, paymentSchedule: schedule(t.id) }))
    : service.tiers;
  return { ...rest, rules: { ...legacy.rules }, tiers };
}
