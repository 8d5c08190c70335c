// Writes the shell's federation-requirements.json: what a remote must agree with to be switched live on the running
// site (server/src/deploys/gate.ts). For each shared singleton, the version the shell bundles (read from the installed
// package) and the range it requires; for each remote, its federation name and the exposed modules the shell loads
// (shell/src/features/remotes/remote-loader.ts). A file beside the shell's build, so the gate checks a remote
// against the shell actually served, not against the sources.
const fs = require('node:fs');
const path = require('node:path');

/** The installed version of a package, found from `dir` up (workspace packages do not export package.json). */
function installedVersion(name, dir) {
  for (let at = dir; ; at = path.dirname(at)) {
    const file = path.join(at, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    if (path.dirname(at) === at) throw new Error(`federation-requirements: ${name} is not installed`);
  }
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
          const requirements = {
            shared: Object.entries(shared).map(([key, config]) => ({
              key,
              version: installedVersion(key.replace(/\/$/, ''), dir),
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

module.exports = { FederationRequirementsPlugin };
