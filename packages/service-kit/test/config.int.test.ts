import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { baseServiceConfigSchema, ConfigError, loadConfig, portSchema } from '../src/config.js';

const run = promisify(execFile);
const fixture = fileURLToPath(new URL('./fixtures/bad-config-main.ts', import.meta.url));
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const schema = baseServiceConfigSchema.extend({ PORT: portSchema(4001) });
const good = { MONGO_URL: 'mongodb://127.0.0.1:27017/auth', AMQP_URL: 'amqp://127.0.0.1' };

describe('configuration', () => {
  it('when the environment is complete, then defaults fill the rest', () => {
    const config = loadConfig(schema, good);
    expect(config).toMatchObject({
      PORT: 4001,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    });
  });

  it('when a value is bad, then the error names the variable', () => {
    expect(() => loadConfig(schema, { ...good, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig(schema, { ...good, MONGO_URL: 'http://x' })).toThrow(/MONGO_URL/);
  });

  it('when a service starts with a bad value, then it exits non-zero naming the variable', async () => {
    const outcome = await run(process.execPath, ['--import', 'tsx', fixture], {
      cwd: packageDir,
      env: { ...process.env, ...good, PORT: 'not-a-port' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain('PORT');
  });
});
