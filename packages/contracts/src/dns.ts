import { z } from 'zod';
import { DNS_PROPAGATION_GUIDANCE, DNS_RECORD_TTL } from './constants.js';

export const DNS_RECORD_TYPES = ['CNAME', 'MX', 'TXT'] as const;

export const dnsRecordSchema = z.object({
  type: z.enum(DNS_RECORD_TYPES),
  /** Host relative to the domain; '@' is the domain itself. */
  name: z.string().min(1),
  value: z.string().min(1),
  ttl: z.string(),
  priority: z.int().min(0).optional(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const dnsCheckResponseSchema = z.object({
  verification: z.boolean(),
  mx: z.array(z.string()),
  spf: z.boolean(),
  dkim: z.boolean(),
  dmarc: z.boolean(),
});
export type DnsCheckResponse = z.infer<typeof dnsCheckResponseSchema>;

export const DNS_STEP_IDS = ['verification', 'mx', 'spf', 'dkim', 'dmarc'] as const;
export type DnsStepId = (typeof DNS_STEP_IDS)[number];

export interface DnsSetupStep {
  readonly id: DnsStepId;
  readonly title: string;
  readonly description: string;
  /** Badge shown once the check finds the step done. */
  readonly completedLabel: 'Verified' | 'Configured';
  readonly records: readonly DnsRecord[];
}

export interface EmailDnsSetupOptions {
  /** Host label of the verification CNAME, as the mail provider's admin console gives it. */
  verificationToken?: string;
  /** Target of the verification CNAME. */
  verificationTarget?: string;
  /** Target of the DKIM CNAME, available once the key is generated in the admin console. */
  dkimTarget?: string;
  /** Where DMARC reports go; both default to addresses at the domain. */
  reportAddresses?: { aggregate?: string; forensic?: string };
}

export const MX_RECORDS = [
  { value: 'ASPMX.L.GOOGLE.COM', priority: 1 },
  { value: 'ALT1.ASPMX.L.GOOGLE.COM', priority: 5 },
  { value: 'ALT2.ASPMX.L.GOOGLE.COM', priority: 5 },
  { value: 'ALT3.ASPMX.L.GOOGLE.COM', priority: 10 },
  { value: 'ALT4.ASPMX.L.GOOGLE.COM', priority: 10 },
] as const;

export const SPF_VALUE = 'v=spf1 include:_spf.google.com ~all';
export const DKIM_HOST = 'google._domainkey';
export const DMARC_HOST = '_dmarc';

const VERIFICATION_TOKEN_PLACEHOLDER = 'your-verification-code';
const VERIFICATION_TARGET_PLACEHOLDER = 'gv-your-verification-code.dv.googlehosted.com';
const DKIM_TARGET_PLACEHOLDER = 'value-from-your-google-admin-console';

/** The five steps of the email DNS wizard for `domain`; the DNS check tests these same records. */
export function emailDnsSetup(domain: string, opts: EmailDnsSetupOptions = {}): DnsSetupStep[] {
  const aggregate = opts.reportAddresses?.aggregate ?? `dmarc-reports@${domain}`;
  const forensic = opts.reportAddresses?.forensic ?? `dmarc-forensics@${domain}`;
  const record = (type: DnsRecord['type'], name: string, value: string): DnsRecord => ({
    type,
    name,
    value,
    ttl: DNS_RECORD_TTL,
  });

  return [
    {
      id: 'verification',
      title: 'Domain Verification',
      description: `Add this CNAME record to prove that you own ${domain}. Verification usually completes within ${DNS_PROPAGATION_GUIDANCE.domain}.`,
      completedLabel: 'Verified',
      records: [
        record(
          'CNAME',
          opts.verificationToken ?? VERIFICATION_TOKEN_PLACEHOLDER,
          opts.verificationTarget ?? VERIFICATION_TARGET_PLACEHOLDER,
        ),
      ],
    },
    {
      id: 'mx',
      title: 'MX Records',
      description: `Replace any existing MX records of ${domain} with these five so mail is delivered to Google Workspace. Changes can take ${DNS_PROPAGATION_GUIDANCE.mx} to propagate.`,
      completedLabel: 'Configured',
      records: MX_RECORDS.map(({ value, priority }) => ({ ...record('MX', '@', value), priority })),
    },
    {
      id: 'spf',
      title: 'SPF',
      description: `Add this TXT record so receiving servers accept mail that Google sends for ${domain}; other senders soft-fail.`,
      completedLabel: 'Configured',
      records: [record('TXT', '@', SPF_VALUE)],
    },
    {
      id: 'dkim',
      title: 'DKIM',
      description: `First generate the DKIM key in the Google Admin console (Apps > Google Workspace > Gmail > Authenticate email), then add this CNAME record so mail from ${domain} is signed.`,
      completedLabel: 'Configured',
      records: [record('CNAME', DKIM_HOST, opts.dkimTarget ?? DKIM_TARGET_PLACEHOLDER)],
    },
    {
      id: 'dmarc',
      title: 'DMARC',
      description: `Add this TXT record to quarantine mail that fails SPF and DKIM checks and to receive aggregate and forensic reports for ${domain}.`,
      completedLabel: 'Configured',
      records: [
        record(
          'TXT',
          DMARC_HOST,
          `v=DMARC1; p=quarantine; rua=mailto:${aggregate}; ruf=mailto:${forensic}`,
        ),
      ],
    },
  ];
}
