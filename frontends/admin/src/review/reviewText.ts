import { banValueSchema, type BanKind, type RiskSignalName } from '@b2g/contracts';

/** Each risk signal as the admin reads it. */
export const RISK_SIGNAL_LABELS: Readonly<Record<RiskSignalName, string>> = {
  no_email: 'No poster e-mail',
  email_unverified: 'E-mail not verified',
  free_mail: 'Free e-mail provider',
  domain_mismatch: 'E-mail domain differs from the apply link and company',
  apply_ip_literal: 'Apply link is an IP address',
  apply_shortener: 'Apply link is a URL shortener',
  apply_not_https: 'Apply link is not HTTPS',
  apply_denied: 'Apply link on the deny list',
  near_duplicate: 'Near-duplicate of another posting',
  domain_volume: 'Many posts from this e-mail domain',
  client_volume: 'Many posts from this client',
  contact_in_description: 'Contact details in the description',
  many_links: 'Many links in the description',
  scam_phrasing: 'Scam phrasing',
  agency_role: 'Agency role',
  honeypot: 'Hidden bot-trap field filled',
  no_proof_of_work: 'No proof of work from the browser',
};

export const BAN_KIND_LABELS: Readonly<Record<BanKind, string>> = {
  email_domain: 'E-mail domain',
  apply_host: 'Apply host',
};

/** The value a ban would take, when it is one a ban can hold (a DNS name, not an IP literal). */
function banValue(value: string | undefined): string | undefined {
  const parsed = banValueSchema.safeParse(value ?? '');
  return parsed.success ? parsed.data : undefined;
}

/** The e-mail domain of a poster's address, to ban it. */
export function emailDomainOf(email: string | null): string | undefined {
  return banValue(email?.split('@').pop());
}

/** The host of a post's apply URL, to ban it. */
export function applyHostOf(url: string | null | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  return banValue(new URL(url).hostname);
}
