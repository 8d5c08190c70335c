// Firestore document ids for ids that come from outside (a route parameter, the admin's own service or project id).
// Firestore refuses an id with '/', '.' or '..', one of the form __x__, or one over 1,500 bytes, where SQLite takes
// any text. A plain id (letters, digits, '-', '_': every UUID the stores make, and the ids she usually types) is its
// own document id, so the console shows it; any other is stored under '~' and its SHA-256, which no plain id can be.
// The stores keep the id itself in the document wherever they answer it.
import { sha256Hex } from '../hash';

const PLAIN = /^[A-Za-z0-9_-]{1,200}$/;
const RESERVED = /^__.*__$/;

export function documentIdOf(id: string): string {
  if (PLAIN.test(id) && !RESERVED.test(id)) return id;
  return `~${sha256Hex(id)}`;
}
