// `npm run release`: builds the site (scripts/build.mjs) on a build machine or in CI and packs what a server needs to
// run it into dist-release/studio-<version>+<commit>.tgz (not on the server itself: a build on a 1 GB server peaked
// at 944 MB).
// The tarball holds the build output and the package files only; the server installs it with `npm run update`, which
// installs production dependencies (`npm ci --omit=dev`, prebuilt native modules, nothing compiled) and switches to it
// (server/src/features/ops/update.ts). `--no-build` packs the build already there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { c as createTar } from 'tar';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!process.argv.includes('--no-build')) {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
// What the server runs: the compiled server with its migrations and release.json, the files it reads beside its code
// (fonts, the demo's media), and the three web builds it serves.
const BUILT = ['server/dist', 'server/assets', 'server/media-src', 'shell/dist', 'public-site/dist', 'admin-app/dist'];
// What `npm ci --omit=dev` needs: the lock file and every workspace's package.json (npm checks them against the lock).
const PACKAGE_FILES = [
  'package.json',
  'package-lock.json',
  ...pkg.workspaces.map((workspace) => `${workspace}/package.json`),
];
const DOCS = ['CHANGELOG.md', 'README.md', 'docs/deploy.md'];

const missing = [...BUILT, ...PACKAGE_FILES, 'server/dist/release.json'].filter((p) => !existsSync(path.join(root, p)));
if (missing.length > 0) {
  console.error(`Not built: ${missing.join(', ')} missing. Run npm run release without --no-build.`);
  process.exit(1);
}
const release = JSON.parse(readFileSync(path.join(root, 'server', 'dist', 'release.json'), 'utf8'));
const name = `studio-${release.version}+${release.commit}`;
const out = path.join(root, 'dist-release');
mkdirSync(out, { recursive: true });
const file = path.join(out, `${name}.tgz`);
await createTar({ gzip: true, file, cwd: root, prefix: name, portable: true }, [...PACKAGE_FILES, ...DOCS, ...BUILT]);
console.log(file);
