const createConfig = require('../scripts/webpack/create-config.cjs');
const federation = require('./federation.config.cjs');

const createSsrConfig = require('../scripts/webpack/create-ssr-config.cjs');

// The browser remote, then its server entry (dist/ssr/) for server rendering, into the same deployed folder.
const browser = createConfig({ dir: __dirname, kind: 'remote', federation });
module.exports = [
  (env, argv) => ({ ...browser(env, argv), name: 'browser' }),
  createSsrConfig({ dir: __dirname, styles: true, dependsOn: 'browser' }),
];
