// The monolithic baseline of `npm run bench`: the same shell and public-site sources bundled as one ordinary
// webpack app (no Module Federation, nothing shared at run time), so the federated build's first load can be
// compared with what the same pages cost without federation.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');

const root = path.resolve(__dirname, '..', '..');
const stub = path.join(__dirname, 'monolith-remotes.tsx');

module.exports = (outputDir) => ({
  mode: 'production',
  context: path.join(root, 'shell'),
  entry: { main: './src/bootstrap.tsx' },
  devtool: false,
  target: 'web',
  output: {
    path: outputDir,
    publicPath: '/',
    filename: '[name].js',
    chunkFilename: '[name].[contenthash:10].js',
    clean: true,
  },
  resolve: {
    extensions: ['.tsx', '.ts', '.js', '.mjs'],
    alias: {
      [path.join(root, 'shell/src/features/remotes/remote-app.tsx')]: stub,
      [path.join(root, 'shell/src/features/remotes/remote-loader.ts')]: stub,
    },
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
              transform: { react: { runtime: 'automatic', development: false } },
              target: 'es2020',
            },
          },
        },
      },
      { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, type: 'asset/resource' },
    ],
  },
  plugins: [
    new MiniCssExtractPlugin({ filename: '[name].css', chunkFilename: '[name].[contenthash:10].css' }),
    new HtmlWebpackPlugin({
      template: './src/index.html',
      favicon: './src/favicon.svg',
      scriptLoading: 'defer',
      inject: 'head',
    }),
  ],
  optimization: {
    minimize: true,
    minimizer: [
      new MinimizerPlugin({ test: /\.js$/, minify: MinimizerPlugin.swcMinify }),
      new MinimizerPlugin({ test: /\.css$/, minify: MinimizerPlugin.esbuildMinifyCss }),
    ],
  },
  performance: { hints: false },
  stats: 'errors-warnings',
});
