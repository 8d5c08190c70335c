// Module Federation options of the admin-app (remote).
const sharedDeps = require('../scripts/webpack/shared-deps.cjs');
const pkg = require('./package.json');

module.exports = {
  name: 'admin_app',
  filename: 'remoteEntry.js',
  exposes: { './app': './src/app/app.tsx' },
  shared: sharedDeps(pkg),
};
