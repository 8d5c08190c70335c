// Moving here from platform/storage/ports.ts, which is split by the feature that owns each store: until the
// definitions follow, these are ports.ts's own.
export { PORTFOLIO_META_ID, PORTFOLIO_CONTENT_ID, SITE_DETAILS_ID, COMP_CARD_ID } from '../../platform/storage/ports';
export type { DocumentId, ContentStore, SeedContent } from '../../platform/storage/ports';
