/**
 * URL shorteners: an apply link through one hides where it leads. Kept by hand; a host matches
 * itself and its subdomains.
 */
export const URL_SHORTENERS: readonly string[] = [
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'v.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  'bl.ink',
  's.id',
  't.ly',
  'lnkd.in',
  'short.io',
  'shorte.st',
  'adf.ly',
  'soo.gd',
  'clck.ru',
  'qr.ae',
  'tr.im',
  'x.co',
  'trib.al',
  'snip.ly',
  'urlz.fr',
  'y2u.be',
];

/**
 * Hosts an apply link is denied on by default: chat apps, where a job scam moves its victims to
 * talk them into paying. More come from the DENY setting; bans refuse a host outright.
 */
export const DEFAULT_DENIED_APPLY_HOSTS: readonly string[] = [
  't.me',
  'telegram.me',
  'telegram.org',
  'wa.me',
  'whatsapp.com',
  'discord.gg',
  'discord.com',
  'signal.me',
  'line.me',
  'm.me',
  'viber.com',
];

/** Whether `host` is one of `hosts` or a subdomain of one. */
export function hostIn(host: string, hosts: Iterable<string>): string | undefined {
  for (const listed of hosts) if (host === listed || host.endsWith(`.${listed}`)) return listed;
  return undefined;
}
