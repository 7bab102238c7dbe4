// A remote of the module federation: exposes route components to the shell, and runs alone
// on its dev server with the providers the shell would give it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contractsTreeShakingRule, sharedDependencies } from '@b2g/web-platform/federation';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { EsbuildPlugin } from 'esbuild-loader';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { EXPOSES } from './src/exposes.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const NAME = 'public';
const PORT = 3001;
/** Same path as behind the gateway, so the manifest and chunks resolve the same way. */
const PUBLIC_PATH = `/mfe/${NAME}/`;
const GATEWAY = process.env.B2G_GATEWAY_URL ?? 'http://localhost:8080';

/**
 * Content-hashed entry files. The federation runtime asks for the entry's file name before
 * content hashes exist (only to learn its folder depth): give it the unhashed name then.
 */
const hashedEntryFilename = (pathData) =>
  pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js';

export default (_env, argv) => {
  const production = argv.mode === 'production';
  return {
    mode: production ? 'production' : 'development',
    entry: './src/index.ts',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: fileURLToPath(new URL('./dist/', import.meta.url)),
      publicPath: PUBLIC_PATH,
      filename: production ? hashedEntryFilename : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: `b2g_${NAME}`,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      conditionNames: ['source', 'browser', 'import', 'module', 'default'],
    },
    module: {
      rules: [
        contractsTreeShakingRule,
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { target: 'es2020', jsx: 'automatic', jsxImportSource: '@emotion/react' },
        },
      ],
    },
    optimization: {
      minimizer: [new EsbuildPlugin({ target: 'es2020', legalComments: 'none' })],
    },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name: NAME,
        filename: 'remoteEntry.js',
        // The container is a property of window named b2g_<remote> ("public" is a reserved word,
        // and a top-level var would not survive minification).
        library: { type: 'window', name: `b2g_${NAME}` },
        exposes: EXPOSES,
        shared: sharedDependencies(pkg),
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
      }),
      // The page for running alone: only on the dev server, the shell is the page in production.
      !production && new HtmlWebpackPlugin({ template: './public/index.html' }),
    ].filter(Boolean),
    devServer: {
      port: PORT,
      hot: true,
      static: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      devMiddleware: { publicPath: PUBLIC_PATH },
      historyApiFallback: { index: `${PUBLIC_PATH}index.html` },
      // The shell's dev server proxies /mfe/<remote> here; hot updates still talk to this port.
      client: {
        webSocketURL: `ws://localhost:${PORT}/ws`,
        overlay: { errors: true, warnings: false },
      },
      proxy: [{ context: ['/api', '/config.json'], target: GATEWAY, changeOrigin: true }],
    },
  };
};
