// Her services and their tiers (docs/product.md §3), and the rules each service carries as data.

export interface Tier {
  id: string;
  displayName: string;
  /** A price text such as '$350'. */
  price: string;
  includes: string[];
  /** This tier's payment schedule where it differs from its service's; absent or '' means the service's. */
  paymentSchedule?: string;
}

/**
 * The contract a booking of the service gets (domain/contract.ts): a modeling one speaks of "the Model", a UGC/content
 * one of "the Creator", an event one of "the Talent".
 */
export const CONTRACT_TEMPLATES = ['modeling', 'ugc', 'event'] as const;
export type ContractTemplate = (typeof CONTRACT_TEMPLATES)[number];

/** What a service asks of a booking, set in her editor; see domain/service-rules.ts. */
export interface ServiceRules {
  /** A consultation date and location come first, then the (possibly multi-day) date and location, all required. */
  needsConsultation: boolean;
  /** The label of the booking's date field ('Preferred Shoot Date'). */
  dateLabel: string;
  /** The label of the consultation date field. */
  consultationDateLabel: string;
  /** The schedule a booking of it stores, unless its tier has its own (docs/product.md §9). */
  paymentSchedule: string;
  /** The contract its bookings get, whatever the service is called. */
  contractTemplate: ContractTemplate;
}

export interface Service {
  id: string;
  displayName: string;
  description: string;
  image: string;
  /** Display price; empty when the tiers or 'Contact for pricing' should speak instead. */
  price: string;
  tiers: Tier[];
  /** Kept but not shown to visitors (the admin's "hide"); absent means shown. */
  hidden?: boolean;
  /** Always present on a service read from storage (old ones get theirs derived on reading); absent means plain. */
  rules?: ServiceRules;
}
