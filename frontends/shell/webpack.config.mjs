// Host of the module federation: header, footer, router and providers. It knows no remote
// location at build time: /mfe/manifest.json (served by the gateway) tells it at run time.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sourceBuild, sharedDependencies } from '@b2g/web-platform/federation';
import { precompressionPlugins } from '@b2g/web-platform/precompress';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { interFontBuild } from './fonts.mjs';
import { PreloadPlugin } from './preload-plugin.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const PORT = 3000;
const GATEWAY = process.env.B2G_GATEWAY_URL ?? 'http://localhost:8080';
/** Dev servers of the remotes (see frontends/README.md). */
const REMOTE_DEV_SERVERS = { public: 3001, dashboard: 3002, admin: 3003 };

/**
 * Content-hashed entry files. The federation runtime asks for the entry's file name before
 * content hashes exist (only to learn its folder depth): give it the unhashed name then.
 */
const hashedEntryFilename = (pathData) =>
  pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js';

export default async (_env, argv) => {
  const production = argv.mode === 'production';
  const interFont = await interFontBuild();
  return {
    mode: production ? 'production' : 'development',
    entry: './src/index.ts',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: fileURLToPath(new URL('./dist/', import.meta.url)),
      publicPath: '/',
      filename: production ? hashedEntryFilename : '[name].js',
      // Hashed in development too: there a shared file (ui's theme) gives two chunks of one name,
      // the copy provided and the fallback consumed, and webpack refused to write both.
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: 'b2g_shell',
      clean: true,
    },
    ...sourceBuild,
    resolve: { ...sourceBuild.resolve, alias: interFont.alias },
    // webpack's own minimizer (terser), not esbuild's: run on a finished chunk, esbuild kept the
    // code of every unused export of react-router (55 KB gzip of it where terser leaves 18).
    // webpack's default chunk splitting: the modules the bootstrap and web-platform's shared copy
    // both use (ui's base and theme, lucide's icon base) are shared modules of their own now, and
    // splitting the rest into chunks of any size only added files (first load of / 815 bytes more).
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedDependencies(pkg),
        dts: false,
        // The federation runtime loads once, with the shell; each remote's entry uses this copy
        // (see remoteWebpackConfig) instead of carrying its own (~30 KB gzip per remote). Built
        // for browsers only (`target: 'web'`): without it, Node's script loader came along.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        favicon: './public/favicon.svg',
        interFontFaces: interFont.fontFaces,
      }),
      // dist/preload.json: the files of each page, for the gateway's HTML.
      new PreloadPlugin({
        chunkName: 'bootstrap',
        routeTable: new URL('./src/route-table.json', import.meta.url),
      }),
      ...(production ? precompressionPlugins(CompressionPlugin) : []),
    ],
    devServer: {
      port: PORT,
      hot: true,
      historyApiFallback: true,
      static: false,
      client: { overlay: { errors: true, warnings: false } },
      setupMiddlewares: (middlewares, devServer) => {
        // The gateway's runtime manifest, pointing at the remotes' dev servers (proxied below).
        devServer.app.get('/mfe/manifest.json', (_req, res) => {
          res.json(
            Object.fromEntries(
              Object.keys(REMOTE_DEV_SERVERS).map((name) => [
                name,
                `/mfe/${name}/mf-manifest.json`,
              ]),
            ),
          );
        });
        return middlewares;
      },
      proxy: [
        ...Object.entries(REMOTE_DEV_SERVERS).map(([name, port]) => ({
          context: [`/mfe/${name}`],
          target: `http://localhost:${port}`,
        })),
        { context: ['/api', '/config.json'], target: GATEWAY, changeOrigin: true },
      ],
    },
  };
};
