// @studio/shared/schemas/contract: the contract schemas, an entry of their own so that only the admin's contract
// dialog and the server load them.
export * from '../api/contracts';
