// The server package's own folder, from wherever its code runs: src/ under tsx and jest, or the bundle in dist/, which
// flattens src/'s folders so that a path counted in '..' from a source file would point elsewhere once compiled.
import { existsSync } from 'node:fs';
import path from 'node:path';

export function packageRootOf(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json in ${start} or above it.`);
  }
}

export const SERVER_ROOT = packageRootOf(__dirname);

/**
 * Where the server's code runs from: server/src under tsx and jest, the bundle's folder once compiled (dist/, or the
 * Firebase function's lib/). The children the server starts by path (the image renderer, the upload processor, the
 * page renderer's sandbox) sit under it at the same relative path in both: the builds mirror src/'s folders for them.
 */
export const CODE_ROOT = __filename.endsWith('.ts') ? path.resolve(__dirname, '..') : __dirname;

/** A child's file under CODE_ROOT: `.ts` when the server runs from source, `.js` once compiled. */
export function childScript(...segments: string[]): string {
  return path.join(CODE_ROOT, ...segments) + path.extname(__filename);
}
