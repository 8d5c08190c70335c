// Puts the browser files of the web build into firebase/hosting/, the folder firebase.json's Hosting publishes: the
// shell's files at the root and each remote's under /remotes/<name>/, the paths the server serves them at on the
// embedded home. Left out, because browsers must never get them from Hosting: each app's ssr/ bundle (server code,
// bundled into the function instead), the shell's index.html (every page is the function's, so it carries the
// runtime configuration and the server-rendered markup), precompressed copies (Hosting compresses by itself) and
// build statistics. Put in: robots.txt, the server's own text for the site's origin, because Cloud Functions answers
// /robots.txt with a 404 before the function sees it (the Functions Framework's own route).
//   PUBLIC_ORIGIN=https://<project>.web.app node firebase/scripts/hosting-files.mjs
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const HOSTING_DIR = path.join(ROOT, 'firebase', 'hosting');

/**
 * Where an app's web build is: <app>/dist, or <STUDIO_WEB_DIST>/<app> when that is set (the deploy test builds into
 * a folder of its own, so tests reading each app's dist at the same time never see a build half written).
 */
export function webDist(app, env = process.env) {
  return env.STUDIO_WEB_DIST ? path.join(path.resolve(env.STUDIO_WEB_DIST), app) : path.join(ROOT, app, 'dist');
}

/** Each app's build folder and the URL path it is published under. */
export const PUBLISHED = [
  { app: 'shell', urlPath: '' },
  { app: 'public-site', urlPath: 'remotes/public-site' },
  { app: 'admin-app', urlPath: 'remotes/admin-app' },
];

/** Whether a file of an app's build (its path relative to the build folder) is a browser file Hosting publishes. */
export function isBrowserFile(app, rel) {
  const parts = rel.split(path.sep);
  if (parts[0] === 'ssr') return false;
  if (app === 'shell' && rel === 'index.html') return false;
  return !/\.(br|gz)$/.test(rel) && !rel.endsWith('.LICENSE.txt') && path.basename(rel) !== 'mf-manifest-stats.json';
}

function filesUnder(dir, base = dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file, base) : [path.relative(base, file)];
  });
}

/** Rebuilds firebase/hosting/ from the web build; answers the published paths (relative to the folder). */
export function assembleHosting() {
  const missing = PUBLISHED.filter(({ app }) => !existsSync(webDist(app)));
  if (missing.length > 0) {
    throw new Error(`No web build of ${missing.map((m) => m.app).join(', ')}: run \`npm run build\` first.`);
  }
  rmSync(HOSTING_DIR, { recursive: true, force: true });
  const published = [];
  for (const { app, urlPath } of PUBLISHED) {
    const dist = webDist(app);
    for (const rel of filesUnder(dist).filter((r) => isBrowserFile(app, r))) {
      const target = path.join(HOSTING_DIR, urlPath, rel);
      mkdirSync(path.dirname(target), { recursive: true });
      cpSync(path.join(dist, rel), target);
      published.push(path.join(urlPath, rel));
    }
  }
  return published.sort();
}

/** The server's robots.txt for `publicOrigin` (server/src/features/pages/site-files.ts), compiled and run here. */
export async function robotsTxtFor(publicOrigin) {
  const server = path.join(ROOT, 'server');
  const { outputFiles } = await build({
    stdin: {
      contents: "export { robotsTxt } from './src/features/pages/site-files';",
      resolveDir: server,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'warning',
    // npm packages stay external; the workspace libraries (TypeScript) are compiled in, as in the server's build.
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@studio/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const file = path.join(server, 'site-files.cjs');
  const m = new Module(file);
  m.filename = file;
  m.paths = Module._nodeModulePaths(server);
  m._compile(outputFiles[0].text, file);
  return m.exports.robotsTxt(publicOrigin.replace(/\/$/, ''));
}

/** Writes firebase/hosting/robots.txt for the site's origin. */
export async function writeRobotsTxt(publicOrigin) {
  writeFileSync(path.join(HOSTING_DIR, 'robots.txt'), await robotsTxtFor(publicOrigin));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    if (!process.env.PUBLIC_ORIGIN) throw new Error('PUBLIC_ORIGIN is required (the address the site is served at).');
    const files = assembleHosting();
    await writeRobotsTxt(process.env.PUBLIC_ORIGIN);
    console.log(`Put ${files.length} browser files and robots.txt into ${path.relative(ROOT, HOSTING_DIR)}/`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
