// Builds the app function into firebase/functions, the folder `firebase deploy` uploads:
// - lib/index.js: functions/src/index.ts with the server (server/src) and the workspace libraries compiled in, every
//   npm package left to functions/node_modules (Cloud Build installs functions/package.json's dependencies), and the
//   two programs the server forks beside it (lib/features/media/process-media.js, lib/features/content/seed/render-images.js) and the
//   sandboxed renderer's child script (lib/features/pages/render-sandbox-child.cjs, copied as it is);
// - lib/migrations, assets/ and media-src/: what the server reads from beside its code or its package folder;
// - site/: the files of the web build the server reads to render pages (each app's index.html or mf-manifest.json
//   and its ssr/ bundle). Browsers get the web build from Hosting, never from here.
// Every npm package the bundle imports must be a dependency in functions/package.json at the version this
// repository runs; the build fails and names any that is not, so a deploy cannot miss one.
//   node firebase/scripts/build-functions.mjs
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webDist } from './hosting-files.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FUNCTIONS_DIR = path.join(ROOT, 'firebase', 'functions');
const SERVER = path.join(ROOT, 'server');

/** The web build's files the server reads, per app (copied from its build to the function's site/<app>/). */
const SITE_FILES = {
  shell: ['index.html', 'ssr'],
  'public-site': ['mf-manifest.json', 'ssr'],
  'admin-app': ['mf-manifest.json'],
};

const ENTRIES = {
  index: path.join(FUNCTIONS_DIR, 'src', 'index.ts'),
  'features/media/process-media': path.join(SERVER, 'src', 'features', 'media', 'process-media.ts'),
  'features/content/seed/render-images': path.join(SERVER, 'src', 'features', 'content', 'seed', 'render-images.ts'),
};

/** A package's name from an import path: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (request) =>
  request
    .split('/')
    .slice(0, request.startsWith('@') ? 2 : 1)
    .join('/');

/** npm packages stay external; the workspace libraries (@studio/*, TypeScript entries) are compiled in. */
function externalPackages(seen) {
  return {
    name: 'external-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@studio/') || args.path.startsWith('node:')) return undefined;
        seen.add(packageOf(args.path));
        return { path: args.path, external: true };
      });
    },
  };
}

// Packages the server loads by name at run time rather than by an import esbuild sees: the server-rendering bundles
// of the web build resolve React from the server's node_modules (server/src/features/pages/server-render.ts).
const RUNTIME_PACKAGES = ['react', 'react-dom', 'react-router', 'react-router-dom', 'scheduler'];
const BUILTINS = new Set(createRequire(import.meta.url)('node:module').builtinModules);

/** The version of `name` this repository runs (the server's, else the root's node_modules). */
function installedVersion(name) {
  const require = createRequire(path.join(SERVER, 'package.json'));
  try {
    return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
  } catch {
    // Packages whose exports hide package.json: find the folder on the resolution path.
    for (const dir of require.resolve.paths(name) ?? []) {
      const file = path.join(dir, name, 'package.json');
      if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version;
    }
    return undefined;
  }
}

/** Each imported package that functions/package.json lacks or pins at another version than this repository runs. */
export function dependencyProblems(imported, dependencies) {
  const problems = [];
  for (const name of [...imported].sort()) {
    const want = installedVersion(name);
    const have = dependencies[name];
    if (!have) problems.push(`${name}: missing (add "${name}": "${want}")`);
    else if (want && have !== want) problems.push(`${name}: "${have}" in functions/package.json, ${want} here`);
  }
  return problems;
}

export function checkSiteBuilt() {
  const missing = Object.entries(SITE_FILES).flatMap(([app, files]) =>
    files.map((f) => path.join(webDist(app), f)).filter((f) => !existsSync(f)),
  );
  if (missing.length > 0) {
    throw new Error(`The web build is missing ${missing.join(', ')}: run \`npm run build\` first.`);
  }
}

export async function buildFunctions() {
  const started = Date.now();
  checkSiteBuilt();
  const lib = path.join(FUNCTIONS_DIR, 'lib');
  const site = path.join(FUNCTIONS_DIR, 'site');
  for (const dir of [lib, site, path.join(FUNCTIONS_DIR, 'assets'), path.join(FUNCTIONS_DIR, 'media-src')]) {
    rmSync(dir, { recursive: true, force: true });
  }
  const imported = new Set();
  await build({
    absWorkingDir: FUNCTIONS_DIR,
    entryPoints: ENTRIES,
    outdir: lib,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'linked',
    plugins: [externalPackages(imported)],
    logLevel: 'warning',
  });
  // Read at start from beside the code (server/src/platform/sqlite/database.ts: __dirname/migrations).
  cpSync(path.join(SERVER, 'src', 'platform', 'sqlite', 'migrations'), path.join(lib, 'migrations'), {
    recursive: true,
  });
  // The sandboxed renderer's child is plain JavaScript the server runs by path (server/src/app/app.ts: __dirname/lib/
  // render-sandbox-child.cjs), as scripts/build-server.mjs copies it: without it every page is served unrendered.
  mkdirSync(path.join(lib, 'features', 'pages'), { recursive: true });
  cpSync(
    path.join(SERVER, 'src', 'features', 'pages', 'render-sandbox-child.cjs'),
    path.join(lib, 'features', 'pages', 'render-sandbox-child.cjs'),
  );
  // Read from the package folder (server/src/platform/server-root.ts: the nearest package.json, here functions/).
  cpSync(path.join(SERVER, 'assets'), path.join(FUNCTIONS_DIR, 'assets'), { recursive: true });
  cpSync(path.join(SERVER, 'media-src'), path.join(FUNCTIONS_DIR, 'media-src'), { recursive: true });
  for (const [app, files] of Object.entries(SITE_FILES)) {
    mkdirSync(path.join(site, app), { recursive: true });
    for (const f of files) cpSync(path.join(webDist(app), f), path.join(site, app, f), { recursive: true });
  }
  const { dependencies } = JSON.parse(readFileSync(path.join(FUNCTIONS_DIR, 'package.json'), 'utf8'));
  const needed = new Set([...imported, ...RUNTIME_PACKAGES].filter((name) => !BUILTINS.has(name)));
  const problems = dependencyProblems(needed, dependencies);
  if (problems.length > 0) {
    throw new Error(
      `firebase/functions/package.json does not match what the bundle imports:\n  ${problems.join('\n  ')}`,
    );
  }
  return { ms: Date.now() - started, packages: [...needed].sort() };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildFunctions().then(
    ({ ms, packages }) =>
      console.log(`Built the app function into firebase/functions in ${ms} ms (${packages.length} npm packages)`),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
