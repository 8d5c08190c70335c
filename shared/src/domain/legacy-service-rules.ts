// The rules of a service stored before services carried them: derived once, as the service is read, from
// what the code then decided by id, so an old database behaves as before until she saves the service with its rules.
// Both homes (SQLite and Firestore) read their services through this; nothing else may look at a service's id.
import { PAYMENT_FULL_UPFRONT, PAYMENT_HALF_UPFRONT, PAYMENT_MONTHLY_IN_ADVANCE } from '../messages';
import { PLAIN_SERVICE_RULES, SHOOT_SERVICE_RULES } from './service-rules';
import type { Service, ServiceRules, Tier } from './service-types';

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
    rules: { ...PLAIN_SERVICE_RULES, paymentSchedule: PAYMENT_HALF_UPFRONT },
    tierSchedule: legacyUgcTierSchedule,
  },
};

/** A stored service with its rules: as stored when it has them, else as the code applied them by id before. */
export function withStoredRules(service: Service): Service {
  if (service.rules) return service;
  const legacy = Object.hasOwn(LEGACY, service.id) ? LEGACY[service.id] : undefined;
  if (!legacy) return { ...service, rules: { ...PLAIN_SERVICE_RULES } };
  const schedule = legacy.tierSchedule;
  const tiers: Tier[] = schedule
    ? service.tiers.map((t) => (t.paymentSchedule ? t : { ...t, paymentSchedule: schedule(t.id) }))
    : service.tiers;
  return { ...service, rules: { ...legacy.rules }, tiers };
}
