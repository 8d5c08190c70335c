// One webpack configuration for the shell and both remotes; each app passes its federation options.
// Traps measured in docs/toolchain.md are kept here: [name].js for entries (hashes broke the federation
// runtime), hashes only in chunk names, a distinct uniqueName per app, dts off, the swc minifier.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { PrecompressPlugin } = require('./precompress-plugin.cjs');
const { SharedContentPlugin } = require('./federation-requirements-plugin.cjs');

const CHUNK_LOAD_TIMEOUT_MS = 120_000; // docs/product.md §9: script chunk load timeout

/**
 * Build-time switches that drop federation runtime code an app never runs (measured in docs/performance.md).
 * Both target the browser only. A remote consumes no remotes and is loaded from its manifest by the host, so it
 * needs neither the remote-loading code nor the snapshot (manifest) plugin; the host keeps both because it loads
 * the remotes from their mf-manifest.json.
 * @param {'host' | 'remote'} kind
 */
function leanRuntime(kind) {
  return kind === 'host' ? { target: 'web' } : { target: 'web', disableSnapshot: true, disableRemote: true };
}

/**
 * @param {object} app
 * @param {string} app.dir the app's folder
 * @param {'host' | 'remote'} app.kind
 * @param {object} app.federation options for ModuleFederationPlugin (name, exposes, shared, ...)
 * @param {string} [app.outputDir] where to write the build (default <dir>/dist); STUDIO_OUT_DIR overrides
 * @param {unknown[]} [app.plugins] extra webpack plugins
 */

module.exports = function createConfig(app) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const outputDir = process.env.STUDIO_OUT_DIR
      ? path.resolve(process.env.STUDIO_OUT_DIR)
      : (app.outputDir ?? path.join(app.dir, 'dist'));
    const isHost = app.kind === 'host';
    // STUDIO_APP_DIR builds the same app from another copy of its sources (the redeploy test uses it).
    const context = process.env.STUDIO_APP_DIR ? path.resolve(process.env.STUDIO_APP_DIR) : app.dir;

    return {
      mode: production ? 'production' : 'development',
      context,
      entry: { main: './src/index.ts' },
      devtool: production ? false : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: outputDir,
        // The host's files live at the site root; a remote's files resolve relative to its own remoteEntry.js,
        // so the same remote build can be served from any path that the runtime configuration names.
        publicPath: isHost ? '/' : 'auto',
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: app.federation.name,
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [
              isHost ? MiniCssExtractPlugin.loader : 'style-loader',
              { loader: 'css-loader', options: { importLoaders: 0 } },
            ],
          },
          { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          dts: false,
          manifest: isHost ? false : { fileName: 'mf-manifest.json' },
          // 'loaded-first' stops the host fetching every remote's entry on the first page (docs/toolchain.md).
          shareStrategy: 'loaded-first',
          experiments: { optimization: leanRuntime(app.kind), ...(isHost ? {} : { externalRuntime: true }) },
          // One federation runtime on the page: the shell's, handed to the remotes (see provide-runtime-core.js).
          ...(isHost ? { runtimePlugins: [require.resolve('./provide-runtime-core.js')] } : {}),
          ...app.federation,
        }),
        ...(isHost
          ? [
              new MiniCssExtractPlugin({ filename: '[name].css', chunkFilename: '[name].[contenthash:10].css' }),
              new HtmlWebpackPlugin({
                template: './src/index.html',
                favicon: './src/favicon.svg',
                scriptLoading: 'defer',
                inject: 'head',
              }),
            ]
          : []),
        // A remote records what it was built against, for the deploy gate (federation-requirements-plugin.cjs).
        ...(isHost ? [] : [new SharedContentPlugin({ dir: app.dir, shared: app.federation.shared ?? {} })]),
        ...(app.plugins ?? []),
        ...(production ? [new PrecompressPlugin()] : []),
      ],
      optimization: {
        minimize: production,
        minimizer: [
          new MinimizerPlugin({ test: /\.js$/, minify: MinimizerPlugin.swcMinify }),
          // Extracted CSS (the shell's main.css) and the CSS the remotes embed for style-loader.
          new MinimizerPlugin({ test: /\.css$/, minify: MinimizerPlugin.esbuildMinifyCss }),
        ],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
};
