// Module Federation options of the public-site (remote).
const sharedDeps = require('../scripts/webpack/shared-deps.cjs');
const pkg = require('./package.json');

module.exports = {
  name: 'public_site',
  filename: 'remoteEntry.js',
  exposes: { './app': './src/app/app.tsx' },
  shared: sharedDeps(pkg),
};
