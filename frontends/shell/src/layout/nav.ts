/** Header links (spec §2). */
export const NAV_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Jobs', to: '/jobs' },
  { label: 'Post a Job', to: '/post-job' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Contact', to: '/contact' },
] as const;

/** Footer links with no real target yet (spec §2). */
export const NO_TARGET = '#';

export const DEFAULT_SISTER_SITES = [
  { label: 'B2G Events', href: 'https://events.b2gjobboard.com' },
  { label: 'B2G Insights', href: 'https://insights.b2gjobboard.com' },
] as const;

export const SOCIAL_LINKS = ['LinkedIn', 'X (Twitter)'] as const;
