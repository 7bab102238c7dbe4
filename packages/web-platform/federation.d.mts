export declare const SHARED_SINGLETONS: readonly string[];
export declare const SHARED_SUBPATHS: readonly string[];
export interface SharedConfig {
  singleton: true;
  eager: false;
  requiredVersion: string;
  version?: string;
}
export declare const sourceBuild: {
  resolve: {
    extensions: string[];
    extensionAlias: Record<string, string[]>;
    conditionNames: string[];
  };
  module: { rules: Array<Record<string, unknown>> };
};
export declare function sharedDependencies(pkg: {
  name: string;
  dependencies?: Record<string, string>;
}): Record<string, SharedConfig>;
