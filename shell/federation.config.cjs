// Module Federation options of the shell (host).
const sharedDeps = require('../scripts/webpack/shared-deps.cjs');
const pkg = require('./package.json');

module.exports = {
  name: 'shell',
  remotes: {},
  shared: sharedDeps(pkg),
};
