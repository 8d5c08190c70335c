const fs = require('node:fs');
const path = require('node:path');
const createConfig = require('../scripts/webpack/create-config.cjs');
const createSsrConfig = require('../scripts/webpack/create-ssr-config.cjs');
const federation = require('./federation.config.cjs');
const { FederationRequirementsPlugin } = require('../scripts/webpack/federation-requirements-plugin.cjs');

// What the shell loads of each remote (src/features/remotes/remote-loader.ts): the deploy gate refuses a remote
// version without it.
const LOADED_REMOTES = {
  'public-site': { name: 'public_site', exposes: ['./app'] },
  'admin-app': { name: 'admin_app', exposes: ['./app'] },
};

// The two scripts a server-rendered public page loads before the visitor interacts, bundled apart from the federation
// build (an entry of it would carry the federation runtime, which is what they exist to put off) with esbuild, minified:
// - /theme-init.js, a blocking <script> in index.html's <head>: src/theme-init.js as written (the remembered theme
//   before the first paint; an inline script would need 'unsafe-inline' or a hash in the CSP), then the islands'
//   capture (src/islands/capture-entry.ts), which keeps what the visitor does before the loader has run.
// - /islands.js, src/islands/island-loader.ts, which the server puts in place of the app on rendered pages.
class EmitEarlyScriptsPlugin {
  apply(compiler) {
    const themeInit = path.join(__dirname, 'src', 'theme-init.js');
    const islands = path.join(__dirname, 'src', 'islands');
    const esbuild = require('esbuild');
    const minify = compiler.options.mode === 'production';
    const bundle = (entry) =>
      esbuild.buildSync({
        entryPoints: [path.join(islands, entry)],
        bundle: true,
        minify,
        format: 'iife',
        target: 'es2020',
        write: false,
      }).outputFiles[0].text;
    compiler.hooks.thisCompilation.tap('EmitEarlyScripts', (compilation) => {
      compilation.fileDependencies.add(themeInit);
      for (const file of fs.readdirSync(islands)) compilation.fileDependencies.add(path.join(islands, file));
      compilation.hooks.processAssets.tap(
        { name: 'EmitEarlyScripts', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const { RawSource } = compiler.webpack.sources;
          const theme = esbuild.transformSync(fs.readFileSync(themeInit, 'utf8'), { minify, target: 'es2020' }).code;
          const head = `${theme}${bundle('capture-entry.ts')}`;
          compilation.emitAsset('theme-init.js', new RawSource(head));
          compilation.emitAsset('islands.js', new RawSource(bundle('island-loader.ts')));
        },
      );
    });
  }
}

// Renders the favicon into the PNG icons phones and the web manifest ask for (the server's site-files plugin names
// them): apple-touch-icon.png (180 px, iOS home screen) and icon-192.png / icon-512.png (the manifest's icons).
const ICON_SIZES = { 'apple-touch-icon.png': 180, 'icon-192.png': 192, 'icon-512.png': 512 };
class EmitIconsPlugin {
  apply(compiler) {
    const source = path.join(__dirname, 'src', 'favicon.svg');
    compiler.hooks.thisCompilation.tap('EmitIcons', (compilation) => {
      compilation.fileDependencies.add(source);
      compilation.hooks.processAssets.tapPromise(
        { name: 'EmitIcons', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const sharp = require('sharp');
          const svg = fs.readFileSync(source);
          for (const [name, size] of Object.entries(ICON_SIZES)) {
            const png = await sharp(svg, { density: Math.ceil((72 * size) / 64) })
              .resize(size, size)
              .png()
              .toBuffer();
            compilation.emitAsset(name, new compiler.webpack.sources.RawSource(png));
          }
        },
      );
    });
  }
}

// Preloads the two type files every page paints with (fonts.css: Latin, the serif for headings, the sans for text):
// without the hint the browser asks for them only once the stylesheet is parsed and a text needs them, which on a
// phone's first visit is after the ~100 ms that `font-display: optional` waits, so that visit would keep the system
// faces. Latin Extended and other scripts are fetched only when a page uses their letters.
const PRELOADED_FONTS = /^assets\/(cormorant-garamond-latin-600-normal|jost-latin-wght-normal)\.[0-9a-f]+\.woff2$/;
class PreloadFontsPlugin {
  apply(compiler) {
    const HtmlWebpackPlugin = require('html-webpack-plugin');
    compiler.hooks.thisCompilation.tap('PreloadFonts', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadFonts', (groups) => {
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '/' : compilation.outputOptions.publicPath;
        const fonts = Object.keys(compilation.assets)
          .filter((name) => PRELOADED_FONTS.test(name))
          .sort();
        groups.headTags.unshift(
          ...fonts.map((name) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              href: `${publicPath}${name}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            }),
          ),
        );
        return groups;
      });
    });
  }
}

const browser = createConfig({
  dir: __dirname,
  kind: 'host',
  federation,
  plugins: [
    new EmitEarlyScriptsPlugin(),
    new EmitIconsPlugin(),
    new PreloadFontsPlugin(),
    new FederationRequirementsPlugin({ dir: __dirname, shared: federation.shared, remotes: LOADED_REMOTES }),
  ],
});
// The browser build, then the shell's server entry (dist/ssr/): the page frame the server renders public pages in.
module.exports = [
  (env, argv) => ({ ...browser(env, argv), name: 'browser' }),
  createSsrConfig({ dir: __dirname, styles: false, dependsOn: 'browser' }),
];
