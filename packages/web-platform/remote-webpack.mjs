// The webpack configuration every remote of the module federation builds with: it exposes route
// components to the shell, and runs alone on its dev server with the providers the shell would
// give it. A remote's own webpack.config.mjs names only what differs (name, port, exposes).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sourceBuild, sharedDependencies } from './federation.mjs';
import { precompressionPlugins } from './precompress.mjs';

/**
 * Content-hashed entry files. The federation runtime asks for the entry's file name before
 * content hashes exist (only to learn its folder depth): give it the unhashed name then.
 */
const hashedEntryFilename = (pathData) =>
  pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js';

/** The build tools come from the remote's own dependencies, at the versions it pins. */
async function loadFrom(packageDir, specifier) {
  const require = createRequire(new URL('package.json', packageDir));
  return import(pathToFileURL(require.resolve(specifier)).href);
}

export function remoteWebpackConfig({ name, port, exposes, packageDir }) {
  const pkg = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8'));
  /** Same path as behind the gateway, so the manifest and chunks resolve the same way. */
  const publicPath = `/mfe/${name}/`;
  const gateway = process.env.B2G_GATEWAY_URL ?? 'http://localhost:8080';

  return async (_env, argv) => {
    const production = argv.mode === 'production';
    const { ModuleFederationPlugin } = await loadFrom(
      packageDir,
      '@module-federation/enhanced/webpack',
    );
    const { default: HtmlWebpackPlugin } = await loadFrom(packageDir, 'html-webpack-plugin');
    const { default: CompressionPlugin } = await loadFrom(packageDir, 'compression-webpack-plugin');
    return {
      mode: production ? 'production' : 'development',
      context: fileURLToPath(packageDir),
      entry: './src/index.ts',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: fileURLToPath(new URL('dist/', packageDir)),
        publicPath,
        filename: production ? hashedEntryFilename : '[name].js',
        // Hashed in development too: there a shared file (ui's theme) gives two chunks of one name,
        // the copy provided and the fallback consumed, and webpack refused to write both.
        chunkFilename: '[name].[contenthash:8].js',
        uniqueName: `b2g_${name}`,
        clean: true,
      },
      ...sourceBuild,
      optimization: {
        // webpack's own minimizer (terser), not esbuild's: run on a finished chunk, esbuild kept
        // the code of unused exports that terser drops (see the shell's webpack.config.mjs).
        splitChunks: {
          cacheGroups: {
            // zod (about 37 KB gzip) serves forms and config parsing. Grouped with the other
            // modules several pages share, it came with the icons to pages that parse nothing,
            // the home page among them; in a chunk of its own it loads where it is used.
            zod: {
              test: /[\\/]node_modules[\\/](\.pnpm[\\/]zod@[^\\/]+[\\/]node_modules[\\/])?zod[\\/]/,
              chunks: 'async',
              priority: 20,
              enforce: true,
            },
          },
        },
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          // The container is a property of window named b2g_<remote> ("public" is a reserved word,
          // and a top-level var would not survive minification).
          library: { type: 'window', name: `b2g_${name}` },
          exposes,
          shared: sharedDependencies(pkg),
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          // In production the shell provides the federation runtime; the page for running alone
          // (dev server) has no shell, so there the remote keeps its own.
          experiments: { externalRuntime: production },
        }),
        // The page for running alone: only on the dev server, the shell is the page in production.
        !production &&
          new HtmlWebpackPlugin({
            template: fileURLToPath(new URL('./remote-index.html', import.meta.url)),
            title: `${name} remote | B2G Job Board`,
          }),
        ...(production ? precompressionPlugins(CompressionPlugin) : []),
      ].filter(Boolean),
      devServer: {
        port,
        hot: true,
        static: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        devMiddleware: { publicPath },
        historyApiFallback: { index: `${publicPath}index.html` },
        // The shell's dev server proxies /mfe/<remote> here; hot updates still talk to this port.
        client: {
          webSocketURL: `ws://localhost:${port}/ws`,
          overlay: { errors: true, warnings: false },
        },
        proxy: [{ context: ['/api', '/config.json'], target: gateway, changeOrigin: true }],
      },
    };
  };
}
