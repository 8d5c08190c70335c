const createConfig = require('../scripts/webpack/create-config.cjs');
const federation = require('./federation.config.cjs');

const createSsrConfig = require('../scripts/webpack/create-ssr-config.cjs');
const { ServerEntryManifestPlugin } = require('../scripts/webpack/server-entry-manifest-plugin.cjs');

// The browser remote, then its server entry (dist/ssr/) for server rendering, into the same deployed folder; the
// manifest declares the server entry, which the server renders with and the gate checks.
const browser = createConfig({
  dir: __dirname,
  kind: 'remote',
  federation,
  plugins: [new ServerEntryManifestPlugin({ path: 'ssr', name: 'index.js' })],
});
module.exports = [
  (env, argv) => ({ ...browser(env, argv), name: 'browser' }),
  createSsrConfig({ dir: __dirname, styles: true, dependsOn: 'browser' }),
];
