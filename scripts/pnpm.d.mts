export declare const PNPM_VERSION: string;
export declare function ensurePnpm(log?: (line: string) => void): string;
export declare function pnpmEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function runForwardingSignals(
  bin: string,
  args: string[],
  options?: { cwd?: string; env?: NodeJS.ProcessEnv },
): Promise<number>;
export declare function runPnpm(
  args: string[],
  options?: { cwd?: string; env?: NodeJS.ProcessEnv },
): Promise<number>;
