// Moving here from platform/storage/ports.ts, which is split by the feature that owns each store: until the
// definitions follow, these are ports.ts's own.
export type { ChallengePurpose, SecondFactorStore } from '../../platform/storage/ports';
