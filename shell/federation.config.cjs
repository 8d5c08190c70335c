// Module Federation options of the shell (host).
const sharedDeps = require('../scripts/webpack/shared-deps.cjs');
const pkg = require('./package.json');

// The host provides its shared singletons eagerly: they are bundled into main.js, so the first load fetches them
// in the one request the HTML already names instead of a second round trip of many small chunks (measured in
// docs/performance.md). The remotes take the host's copies (shareStrategy 'loaded-first').
const shared = Object.fromEntries(
  Object.entries(sharedDeps(pkg)).map(([key, options]) => [key, { ...options, eager: true }]),
);

module.exports = {
  name: 'shell',
  remotes: {},
  shared,
};
