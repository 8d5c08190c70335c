// SHA-256 as the server uses it: a secret (a session, a token, a recovery code) is kept as its hash and looked up by
// it, never stored as itself; a body's or an id's fingerprint is the same digest.
import { createHash, type BinaryLike } from 'node:crypto';

/** The SHA-256 of `data` (a string read as UTF-8), in hex. */
export const sha256Hex = (data: BinaryLike): string => createHash('sha256').update(data).digest('hex');

/** The SHA-256 of `data` in base64url: shorter, where it becomes part of a key or an id. */
export const sha256Base64url = (data: BinaryLike): string => createHash('sha256').update(data).digest('base64url');
