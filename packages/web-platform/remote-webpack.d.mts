export interface RemoteWebpackOptions {
  /** The remote's name: its container is window.b2g_<name>, its files live under /mfe/<name>/. */
  name: string;
  /** Dev server port. */
  port: number;
  exposes: Record<string, string>;
  /** The remote package's folder, as a file: URL ending in '/'. */
  packageDir: URL;
}
export declare function remoteWebpackConfig(
  options: RemoteWebpackOptions,
): (env: unknown, argv: { mode?: string }) => Promise<Record<string, unknown>>;
