// Moving here from platform/storage/ports.ts, which is split by the feature that owns each store: until the
// definitions follow, these are ports.ts's own.
export { REDACTED } from '../../platform/storage/ports';
export type { OutboxMessage, OutboxAttachmentInfo, OutboxStore } from '../../platform/storage/ports';
