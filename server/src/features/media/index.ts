// What other features may use of media: everything else in this folder is its own.
export type { ByteRange, MediaFiles } from './media-files';
