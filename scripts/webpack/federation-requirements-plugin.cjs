// Writes the shell's federation-requirements.json: what a remote must agree with to be switched live on the running
// site (server/src/features/deploys/gate.ts). For each shared singleton, the version the shell bundles (read from the installed
// package) and the range it requires; for each remote, its federation name and the exposed modules the shell loads
// (shell/src/features/remotes/remote-loader.ts). A file beside the shell's build, so the gate checks a remote
// against the shell actually served, not against the sources.
//
// A workspace package (@studio/shared, @studio/security-kit) keeps the version "1.0.0" whatever its code, so beside
// its version each side records a hash of its content: the shell in federation-requirements.json, each remote in
// federation-shared.json beside its mf-manifest.json (SharedContentPlugin). The gate refuses a remote built against
// other content than the shell's.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/** The installed package's folder, found from `dir` up, through the workspace's link to its real place. */
function packageDir(name, dir) {
  for (let at = dir; ; at = path.dirname(at)) {
    const folder = path.join(at, 'node_modules', name);
    if (fs.existsSync(path.join(folder, 'package.json'))) return fs.realpathSync(folder);
    if (path.dirname(at) === at) throw new Error(`federation-requirements: ${name} is not installed`);
  }
}

/** The installed version of a package, found from `dir` up (workspace packages do not export package.json). */
function installedVersion(name, dir) {
  return JSON.parse(fs.readFileSync(path.join(packageDir(name, dir), 'package.json'), 'utf8')).version;
}

// What a workspace package's content is: its sources, not its tests, builds or installed dependencies.
const SKIPPED = /(^|\/)(node_modules|dist|coverage|\.[^/]+)(\/|$)|\.test\.[cm]?[jt]sx?$/;

/**
 * The first 16 hex digits of the SHA-256 over a workspace package's files (name and content, in name order), or
 * undefined for a package installed from the registry (its version says what it is).
 */
function workspaceContentHash(name, dir) {
  const root = packageDir(name, dir);
  if (root.split(path.sep).includes('node_modules')) return undefined;
  const files = fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !SKIPPED.test(file))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(
      `${file}\0${createHash('sha256')
        .update(fs.readFileSync(path.join(root, file)))
        .digest('hex')}\n`,
    );
  }
  return hash.digest('hex').slice(0, 16);
}

/** Per package a share config names (a prefix key 'react/' is the package 'react'): its version and content hash. */
function sharedPackages(shared, dir) {
  const packages = {};
  for (const key of Object.keys(shared)) {
    const name = key.replace(/\/$/, '');
    if (packages[name]) continue;
    const contentHash = workspaceContentHash(name, dir);
    packages[name] = { version: installedVersion(name, dir), ...(contentHash ? { contentHash } : {}) };
  }
  return packages;
}

class FederationRequirementsPlugin {
  /**
   * @param {object} options
   * @param {string} options.dir the shell's folder
   * @param {Record<string, {singleton?: boolean, requiredVersion?: string}>} options.shared the shell's share config
   * @param {Record<string, {name: string, exposes: string[]}>} options.remotes what the shell loads of each remote
   */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { dir, shared, remotes } = this.options;
    compiler.hooks.thisCompilation.tap('FederationRequirements', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FederationRequirements', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const packages = sharedPackages(shared, dir);
          const requirements = {
            shared: Object.entries(shared).map(([key, config]) => ({
              key,
              ...packages[key.replace(/\/$/, '')],
              requiredVersion: config.requiredVersion ?? '*',
              singleton: config.singleton === true,
            })),
            remotes,
          };
          compilation.emitAsset(
            'federation-requirements.json',
            new compiler.webpack.sources.RawSource(`${JSON.stringify(requirements, null, 2)}\n`),
          );
        },
      );
    });
  }
}

/** A remote's federation-shared.json: the version and (workspace packages) content hash of each package it shares. */
class SharedContentPlugin {
  /**
   * @param {object} options
   * @param {string} options.dir the remote's folder
   * @param {Record<string, unknown>} options.shared the remote's share config
   */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { dir, shared } = this.options;
    compiler.hooks.thisCompilation.tap('SharedContent', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'SharedContent', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const content = { packages: sharedPackages(shared, dir) };
          compilation.emitAsset(
            'federation-shared.json',
            new compiler.webpack.sources.RawSource(`${JSON.stringify(content, null, 2)}\n`),
          );
        },
      );
    });
  }
}

module.exports = { FederationRequirementsPlugin, SharedContentPlugin, workspaceContentHash };
