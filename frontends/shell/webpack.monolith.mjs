// The comparison build: the shell and every remote's pages as one ordinary webpack bundle (no module
// federation), into dist-monolith/. Only `pnpm --filter @b2g/shell measure` uses it, to report the
// federated build's first-load JavaScript as a ratio of this one's.
import { fileURLToPath } from 'node:url';
import { sourceBuild } from '@b2g/web-platform/federation';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { interFontBuild } from './fonts.mjs';

const interFont = await interFontBuild();

export default {
  mode: 'production',
  entry: './monolith/index.tsx',
  devtool: false,
  output: {
    path: fileURLToPath(new URL('./dist-monolith/', import.meta.url)),
    publicPath: '/',
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[name].[contenthash:8].js',
    clean: true,
  },
  ...sourceBuild,
  resolve: { ...sourceBuild.resolve, alias: interFont.alias },
  // The same minimizer as the federated builds (webpack's own, terser).
  performance: { hints: false },
  plugins: [
    new HtmlWebpackPlugin({
      template: './public/index.html',
      favicon: './public/favicon.svg',
      interFontFaces: interFont.fontFaces,
    }),
  ],
};
