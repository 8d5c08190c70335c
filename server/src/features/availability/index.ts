// What other features may use of availability: everything else in this folder is its own.
export type { AvailabilityStore } from './availability-store';
