// The two-minute version of `pnpm chaos` (docs/chaos.md): the whole system on private servers, two
// instances of jobs and of user-activity, a mixed load, one fault of each kind. It runs with the
// files named `.last.spec.ts`, after the others, so the machine is as quiet as a test run gets.
import { describe, expect, it } from 'vitest';
import { SHORT_RUN_FAULTS, formatReport, passed, runChaos } from '../scripts/chaos/run.js';

describe('pnpm chaos, two-minute version', () => {
  it('when RabbitMQ, FerretDB and OpenSearch are restarted and a process of each service kind is killed under load, then no acknowledged write is lost or applied twice, no 5xx but 503 is answered, only routes that need the failed part answer 503, nothing is left undelivered, and every fault is recovered from within 30 s', async () => {
    const lines: string[] = [];
    const report = await runChaos({
      gatewayPort: Number(process.env.E2E_CHAOS_PORT ?? 19_280),
      servicesBasePort: Number(process.env.E2E_CHAOS_SERVICES_BASE_PORT ?? 19_200),
      seekers: 4,
      calmMs: 5_000,
      downMs: 5_000,
      thinkMs: 100,
      faults: 'short',
      log: (line) => lines.push(line),
    });
    const table = `${lines.join('\n')}\n${formatReport(report)}`;
    expect(report.faults.map((fault) => fault.name)).toEqual([...SHORT_RUN_FAULTS]);
    expect(report.operations, table).toBeGreaterThan(300);
    expect(report.lostWrites, table).toEqual([]);
    expect(report.duplicatedEffects, table).toEqual([]);
    expect(report.other5xx, table).toEqual({});
    expect(report.crashes, table).toEqual([]);
    expect(report.leftovers, table).toEqual([]);
    for (const fault of report.faults) {
      expect(fault.unexpected503, `${fault.name}\n${table}`).toEqual({});
      expect(fault.recoveryMs, `${fault.name}\n${table}`).toBeLessThanOrEqual(30_000);
    }
    expect(passed(report), table).toBe(true);
  }, 600_000);
});
