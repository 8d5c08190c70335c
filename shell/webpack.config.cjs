const fs = require('node:fs');
const path = require('node:path');
const createConfig = require('../scripts/webpack/create-config.cjs');
const federation = require('./federation.config.cjs');
const { FederationRequirementsPlugin } = require('../scripts/webpack/federation-requirements-plugin.cjs');

// What the shell loads of each remote (src/features/remotes/remote-loader.ts): the deploy gate refuses a remote
// version without it.
const LOADED_REMOTES = {
  'public-site': { name: 'public_site', exposes: ['./app'] },
  'admin-app': { name: 'admin_app', exposes: ['./app'] },
};

// Emits src/theme-init.js as /theme-init.js, unbundled: index.html loads it as a blocking <script> in <head> so the
// remembered theme is set before the first paint (an inline script would need 'unsafe-inline' or a hash in the CSP).
class EmitThemeInitPlugin {
  apply(compiler) {
    const source = path.join(__dirname, 'src', 'theme-init.js');
    compiler.hooks.thisCompilation.tap('EmitThemeInit', (compilation) => {
      compilation.fileDependencies.add(source);
      compilation.hooks.processAssets.tap(
        { name: 'EmitThemeInit', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset('theme-init.js', new compiler.webpack.sources.RawSource(fs.readFileSync(source))),
      );
    });
  }
}

module.exports = createConfig({
  dir: __dirname,
  kind: 'host',
  federation,
  plugins: [
    new EmitThemeInitPlugin(),
    new FederationRequirementsPlugin({ dir: __dirname, shared: federation.shared, remotes: LOADED_REMOTES }),
  ],
});
