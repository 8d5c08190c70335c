// What other features may use of deploys: everything else in this folder is its own.
export { MANIFEST_FILE } from './gate';
export type { RemoteManifest } from './gate';
export { contentVersion, sriOf } from './unpack';
