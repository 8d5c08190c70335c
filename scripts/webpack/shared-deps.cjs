// The Module Federation singletons every app shares (DESIGN): react, react-dom (with its subpaths), the router
// facade, zustand, and the two libraries. requiredVersion comes from the app's own package.json.
module.exports = function sharedDeps(pkg) {
  const deps = pkg.dependencies;
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
  return {
    react: singleton(deps.react),
    'react/': singleton(deps.react),
    'react-dom': singleton(deps['react-dom']),
    'react-dom/': singleton(deps['react-dom']),
    'react-router-dom': singleton(deps['react-router-dom']),
    zustand: singleton(deps.zustand),
    '@studio/shared/': singleton(deps['@studio/shared']),
    '@studio/security-kit': singleton(deps['@studio/security-kit']),
    '@studio/security-kit/': singleton(deps['@studio/security-kit']),
  };
};
