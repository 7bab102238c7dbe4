import {
  DNS_STEP_IDS,
  MX_MIN_RECORDS,
  type DnsCheckResponse,
  type DnsStepId,
} from '@b2g/contracts';

/** The wizard steps a DNS check found done; MX counts only with at least MX_MIN_RECORDS entries. */
export function completedSteps(result: DnsCheckResponse): DnsStepId[] {
  return DNS_STEP_IDS.filter((id) =>
    id === 'mx' ? result.mx.length >= MX_MIN_RECORDS : result[id],
  );
}
