// Sets <html data-theme> from the visitor's remembered choice before the first paint, so a chosen theme never
// flashes the other one. Loaded as a tiny blocking same-origin <script src> in <head>: the page's CSP allows no
// inline scripts, and a file keeps working whatever its content (no hash to update in the server). Without a stored
// choice it does nothing and the CSS follows prefers-color-scheme. Keep in step with features/theme/theme.ts.
// The served /theme-init.js is this file followed by the islands' capture (islands/island-capture.ts):
// shell/webpack.config.cjs joins them, so the page has one blocking script in its head.
(function () {
  try {
    var choice = window.localStorage.getItem('studio-theme');
    if (choice === 'light' || choice === 'dark') document.documentElement.setAttribute('data-theme', choice);
  } catch {
    // Storage can be blocked (privacy settings); the system preference then decides.
  }
})();
