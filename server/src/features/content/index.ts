// What other features may use of content: everything else in this folder is its own.
export type { ContentStore } from './content-store';
export { demoArtworks } from './seed/demo-content';
export { SHARE_IMAGE, widthsFor } from './seed/responsive-images';
export type { ResponsiveImages } from './seed/responsive-images';
export { organizerAddressOf } from './site-identity';
export type { SiteIdentity, SiteIdentityReader } from './site-identity';
