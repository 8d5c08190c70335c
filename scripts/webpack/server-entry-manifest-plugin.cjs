// Declares a remote's server entry in its mf-manifest.json (metaData.ssrRemoteEntry, Module Federation's own field):
// the server renders a deployed version with the entry its manifest declares, and the gate smoke-renders that entry
// before the version may go live (server/src/features/deploys/gate.ts). Runs after the federation plugin wrote the manifest and
// before the precompress plugin, so the .br and .gz copies carry the declaration too.
class ServerEntryManifestPlugin {
  /**
   * @param {object} entry
   * @param {string} entry.path the entry's folder inside the build ('ssr')
   * @param {string} entry.name its file ('index.js')
   */
  constructor(entry) {
    this.entry = entry;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ServerEntryManifest', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ServerEntryManifest', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          const asset = compilation.getAsset('mf-manifest.json');
          if (!asset) return;
          const manifest = JSON.parse(asset.source.source().toString());
          manifest.metaData.ssrRemoteEntry = { ...this.entry, type: 'commonjs-module' };
          compilation.updateAsset('mf-manifest.json', new sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}

module.exports = { ServerEntryManifestPlugin };
