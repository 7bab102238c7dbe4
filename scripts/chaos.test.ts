import { describe, expect, it } from 'vitest';
import { formatReport, runChaos } from './chaos/run.js';

const GATEWAY_PORT = Number(process.env.CHAOS_TEST_GATEWAY_PORT ?? 19_180);
const SERVICES_BASE_PORT = Number(process.env.CHAOS_TEST_SERVICES_BASE_PORT ?? 19_100);

describe('the system under faults (the short version of `pnpm chaos`)', () => {
  it('when RabbitMQ, every service instance, the database and OpenSearch fail one after another under load, then no acknowledged write is lost, no effect happens twice, no 5xx but 503 answers, only routes that need the failed part answer 503, and each part is back within 30 s', async () => {
    const report = await runChaos({
      gatewayPort: GATEWAY_PORT,
      servicesBasePort: SERVICES_BASE_PORT,
      seekers: 4,
      calmMs: 3_000,
      downMs: 3_000,
      thinkMs: 150,
      gatewayInstances: process.env.CHAOS_GATEWAY_INSTANCES === 'first' ? 'first' : 'all',
      log: (line) => {
        if (process.env.CHAOS_VERBOSE) console.error(line);
      },
    });
    const table = formatReport(report);
    expect(report.operations, table).toBeGreaterThan(200);
    expect(report.lostWrites, table).toEqual([]);
    expect(report.duplicatedEffects, table).toEqual([]);
    expect(report.other5xx, table).toEqual({});
    expect(report.leftovers, table).toEqual([]);
    for (const fault of report.faults) {
      expect(fault.unexpected503, `${fault.name}\n${table}`).toEqual({});
      expect(
        fault.recoveryMs ?? Number.POSITIVE_INFINITY,
        `${fault.name}\n${table}`,
      ).toBeLessThanOrEqual(30_000);
    }
  });
});
