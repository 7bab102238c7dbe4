export declare function precompressionPlugins(
  CompressionPlugin: new (options: Record<string, unknown>) => unknown,
): unknown[];
