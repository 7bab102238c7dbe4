// Every frontend's production build also writes a brotli (.br) and a gzip (.gz) copy beside each
// text file it emits. The gateway sends the copy a browser accepts as it is: brotli at its
// highest quality is smaller than the gzip a server can afford per request, and serving a file
// costs no CPU where compressing on the fly does.
import { constants } from 'node:zlib';

const COMMON = {
  test: /\.(js|css|html|svg|json)$/,
  // Below 1 KB or when it saves under a tenth, the copy is not worth a file.
  threshold: 1024,
  minRatio: 0.9,
};

/** The two compression-webpack-plugin instances; the plugin class comes from the caller's own dependencies. */
export function precompressionPlugins(CompressionPlugin) {
  return [
    new CompressionPlugin({
      ...COMMON,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({
      ...COMMON,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      compressionOptions: { level: 9 },
    }),
  ];
}
