// What other features may use of contracts: everything else in this folder is its own.
export { dealForBooking, providerActorOf } from './contracts';
export type { ContractsStore } from './contracts-store';
