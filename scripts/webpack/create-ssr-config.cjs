// The Node build of an app's server entry (src/ssr.tsx) into <dist>/ssr/: the same components and routes as its
// browser build, for the embedded server to render public pages to HTML (server/src/features/pages/server-render.ts).
// One file, no federation: React, react-dom and the router are left to the server's node_modules, so the shell's
// and public-site's entries render as one tree with one React. public-site's CSS is extracted into one stylesheet
// (styles.<hash>.css) the server links from the page, so server-rendered HTML is styled before any script runs;
// the shell's own CSS is already linked by its index.html, so its server build drops CSS imports.
const path = require('node:path');
const webpack = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { PrecompressPlugin } = require('./precompress-plugin.cjs');

const EXTERNAL = /^(react|react-dom|react-router|react-router-dom|scheduler)(\/.*)?$/;

/**
 * @param {object} app
 * @param {string} app.dir the app's folder
 * @param {boolean} app.styles extract the app's CSS into ssr/styles.<hash>.css
 * @param {string} app.dependsOn the name of the browser build, which cleans the output folder first
 */
module.exports = function createSsrConfig(app) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const outputDir = process.env.STUDIO_OUT_DIR
      ? path.resolve(process.env.STUDIO_OUT_DIR)
      : path.join(app.dir, 'dist');
    const context = process.env.STUDIO_APP_DIR ? path.resolve(process.env.STUDIO_APP_DIR) : app.dir;
    return {
      name: 'ssr',
      dependencies: [app.dependsOn],
      mode: production ? 'production' : 'development',
      context,
      entry: { index: './src/ssr.tsx' },
      devtool: false,
      target: 'node20',
      output: {
        path: path.join(outputDir, 'ssr'),
        filename: '[name].js',
        library: { type: 'commonjs2' },
        // Assets keep the browser build's names, written by the browser build (emit: false below).
        publicPath: 'auto',
        assetModuleFilename: '../assets/[name].[contenthash:10][ext]',
        clean: true,
      },
      externals: [
        ({ request }, callback) => (EXTERNAL.test(request ?? '') ? callback(null, `commonjs ${request}`) : callback()),
      ],
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
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
                  target: 'es2022',
                },
              },
            },
          },
          app.styles
            ? {
                test: /\.css$/,
                use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { importLoaders: 0 } }],
              }
            : { test: /\.css$/, type: 'asset/source', generator: { emit: false }, parser: {} },
          { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
        ],
      },
      plugins: [
        // One file: the lazy pages are part of it (the server has every page at hand; nothing to split).
        new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
        new webpack.DefinePlugin({ 'process.env.STUDIO_SSR': JSON.stringify('true') }),
        ...(app.styles ? [new MiniCssExtractPlugin({ filename: 'styles.[contenthash:10].css' })] : []),
        // The stylesheet is the one file of this build a browser loads, render-blocking on every server-rendered
        // page: minified and sent compressed as the browser build's CSS is (45.6 KB as it was; 34 KB minified, 6.1 KB of it with brotli).
        ...(production && app.styles ? [new PrecompressPlugin({ test: /\.css$/ })] : []),
      ],
      // The server's code stays readable (its stack traces name the source); the stylesheet is minified.
      optimization: {
        minimize: production && app.styles,
        minimizer: [new MinimizerPlugin({ test: /\.css$/, minify: MinimizerPlugin.esbuildMinifyCss })],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
};
