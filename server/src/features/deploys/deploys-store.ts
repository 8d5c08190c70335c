// Moving here from platform/storage/ports.ts, which is split by the feature that owns each store: until the
// definitions follow, these are ports.ts's own.
export { SwitchError } from '../../platform/storage/ports';
export type {
  VersionSummary,
  StoredVersion,
  LiveVersion,
  SwitchRecord,
  DeployToken,
  DeploysStore,
} from '../../platform/storage/ports';
