// The Module Federation singletons every app shares (docs/architecture.md): react, react-dom (with its subpaths), zustand, and
// the two libraries. requiredVersion comes from the app's own package.json.
//
// react-router-dom is deliberately NOT shared: a shared package is bundled whole (no tree-shaking), 62 KB gzip on
// the first load. The router facade @studio/shared/router (under '@studio/shared/') is the singleton instead: it
// bundles only the router parts it re-exports, and every app gets the one router (one context) through it.
module.exports = function sharedDeps(pkg) {
  const deps = pkg.dependencies;
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
  return {
    react: singleton(deps.react),
    'react/': singleton(deps.react),
    'react-dom': singleton(deps['react-dom']),
    'react-dom/': singleton(deps['react-dom']),
    zustand: singleton(deps.zustand),
    '@studio/shared/': singleton(deps['@studio/shared']),
    '@studio/security-kit': singleton(deps['@studio/security-kit']),
    '@studio/security-kit/': singleton(deps['@studio/security-kit']),
  };
};
