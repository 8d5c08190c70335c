// Compiles the embedded server to JavaScript (docs/architecture.md, operations): one CommonJS bundle per entry in
// server/dist, with the workspace libraries it imports (@studio/shared, @studio/security-kit, whose package entries
// are TypeScript) compiled in, and every npm package left to node_modules. `npm start` runs dist/server.js with plain
// node; `npm run dev` keeps running the TypeScript through tsx.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'server');
const defaultOut = path.join(server, 'dist');

// Entry names are paths under dist/ that mirror src/ where the server finds them by path (platform/server-root.ts:
// childScript): the image renderer it forks (features/content/seed/render-images), the upload processor it forks
// (features/media/process-media) and the command-line tools npm runs (cli/*).
const ENTRIES = {
  server: 'src/server.ts',
  'features/content/seed/render-images': 'src/features/content/seed/render-images.ts',
  'features/media/process-media': 'src/features/media/process-media.ts',
  'cli/backup': 'src/cli/backup.ts',
  'cli/restore': 'src/cli/restore.ts',
  'cli/admin': 'src/cli/admin.ts',
  'cli/deploy': 'src/cli/deploy.ts',
  'cli/migrate': 'src/cli/migrate.ts',
  'cli/update': 'src/cli/update.ts',
};

/**
 * The release this build is of (server/src/features/ops/release.ts): the root package.json's version and the commit, recorded
 * into the build output so that a release tarball, which has no .git, still says which it is.
 */
function releaseOfCheckout() {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    // Built outside a checkout: the version alone still names the release.
  }
  return { version, commit };
}

/**
 * npm packages whose ES modules are compiled in, so only what the server calls is kept: `date-fns` required whole is
 * some 250 modules and about 7 MB of the server's memory for the four functions @studio/shared uses.
 */
const COMPILED_IN = new Set(['date-fns']);

/**
 * npm packages stay external (native addons, and nothing to gain from inlining) but for COMPILED_IN; workspace
 * libraries are compiled.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@studio/') || args.path.startsWith('node:') || COMPILED_IN.has(args.path.split('/')[0])
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** `out`: where the build goes (server/dist; the update test builds into a folder of its own). */
export async function buildServer(out = defaultOut) {
  const started = Date.now();
  rmSync(out, { recursive: true, force: true });
  const release = releaseOfCheckout();
  await build({
    absWorkingDir: server,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(server, file)])),
    outdir: out,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'linked',
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  // The migrations are read at start from beside the code (platform/sqlite/database.ts: __dirname/migrations).
  cpSync(path.join(server, 'src', 'platform', 'sqlite', 'migrations'), path.join(out, 'migrations'), {
    recursive: true,
  });
  // The sandboxed renderer's child is plain JavaScript run by path (features/pages/render-sandbox.ts), not bundled.
  cpSync(
    path.join(server, 'src', 'features', 'pages', 'render-sandbox-child.cjs'),
    path.join(out, 'features', 'pages', 'render-sandbox-child.cjs'),
  );
  writeFileSync(path.join(out, 'release.json'), `${JSON.stringify(release)}\n`);
  return Date.now() - started;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const out = at > 0 ? path.resolve(process.argv[at + 1]) : defaultOut;
  buildServer(out).then(
    (ms) => console.log(`Compiled the server to ${path.relative(root, out)} in ${ms} ms`),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
