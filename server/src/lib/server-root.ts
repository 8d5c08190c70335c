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
