import freeEmailDomains from 'free-email-domains';

const FREE_MAIL = new Set<string>(freeEmailDomains);

/** Second-level labels under which names are registered (`acme.co.uk`), not the name itself. */
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'ac', 'edu', 'mil', 'ltd', 'plc']);

/** Words of a company's name that say nothing of which company it is. */
const COMPANY_FILLER = new Set([
  'the',
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'company',
  'group',
  'holdings',
  'plc',
  'gmbh',
  'pbc',
  'and',
  'of',
]);

/** The lowercase domain of an address, or undefined when it has none. */
export function emailDomainOf(email: string | undefined): string | undefined {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at < 0) return undefined;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  return domain.includes('.') ? domain : undefined;
}

/** Whether anyone can have an address at the domain (webmail, ISP and disposable domains). */
export function isFreeMail(domain: string): boolean {
  const labels = domain.split('.');
  // A subdomain of a free-mail domain (`eu.mail.example`) is free mail too.
  return labels.some((_, at) => FREE_MAIL.has(labels.slice(at).join('.')));
}

/** The registered part of a host name: `careers.acme.co.uk` → `acme.co.uk`. */
export function registeredDomainOf(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const keep = labels.length > 2 && SECOND_LEVEL.has(labels.at(-2) ?? '') ? 3 : 2;
  return labels.slice(-keep).join('.');
}

/** The name a domain is registered under: `acme.co.uk` → `acme`. */
function nameOf(domain: string): string {
  return registeredDomainOf(domain).split('.')[0] ?? '';
}

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !COMPANY_FILLER.has(word));

/** Words a company's own domain may add after its name (`acmecorp`, `keystonefed`). */
const DOMAIN_ADDITIONS = new Set([
  'corp',
  'inc',
  'co',
  'hq',
  'usa',
  'us',
  'global',
  'intl',
  'fed',
  'federal',
  'gov',
  'govt',
  'tech',
  'group',
  'llc',
]);

/**
 * Whether a domain's name stands for the company: the start of its words run together
 * (`keystonefed`, `tylertech`), its initials (`gdit`), its first word and the initials of the
 * rest (`summitps`), or its name and one corporate word (`acmecorp`). A name with other words
 * after the company's (`leidos-hiring-team`, `bah-careers`) is how look-alike domains are made,
 * and does not stand for it.
 */
export function nameMatchesCompany(domain: string, company: string): boolean {
  const name = nameOf(domain).replace(/[^a-z0-9]/g, '');
  const parts = words(company);
  const joined = parts.join('');
  if (name.length < 2 || joined.length < 2) return false;
  const initials = parts.map((part) => part[0]).join('');
  const firstAndInitials = (parts[0] ?? '') + initials.slice(1);
  return (
    (name.length >= 3 && joined.startsWith(name)) ||
    name === initials ||
    (parts.length > 1 && name === firstAndInitials) ||
    (name.startsWith(joined) && DOMAIN_ADDITIONS.has(name.slice(joined.length)))
  );
}

/**
 * Whether the poster's domain is the apply URL's (the same registered domain, or its name in the
 * host or first path segment, as ATS pages put it: `acme.wd1.myworkdayjobs.com`,
 * `boards.greenhouse.io/acme`) or stands for the company.
 */
export function posterDomainFits(domain: string, applyUrl: URL | undefined, company: string) {
  if (nameMatchesCompany(domain, company)) return true;
  if (!applyUrl) return false;
  const host = applyUrl.hostname.toLowerCase();
  if (registeredDomainOf(host) === registeredDomainOf(domain)) return true;
  const name = nameOf(domain);
  if (name.length < 3) return false;
  const hostLabels = host.split('.');
  const firstSegment = applyUrl.pathname.split('/').find(Boolean)?.toLowerCase() ?? '';
  return hostLabels.includes(name) || firstSegment.replace(/[^a-z0-9]/g, '') === name;
}
