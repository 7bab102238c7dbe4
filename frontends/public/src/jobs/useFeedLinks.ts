import { useEffect } from 'react';

/** The feeds of a search, as <link rel="alternate"> names them for feed readers. */
export const FEEDS = [
  { type: 'application/rss+xml', path: '/api/jobs/feed.rss', format: 'RSS' },
  { type: 'application/feed+json', path: '/api/jobs/feed.json', format: 'JSON Feed' },
] as const;

/** The address of `feed` for `search` (a /jobs query string, '' for every job). */
export const feedHref = (feed: (typeof FEEDS)[number], search: string) =>
  `${feed.path}${search ? `?${search}` : ''}`;

/**
 * Points the page's <link rel="alternate"> elements (the gateway may have written them) at the
 * RSS and JSON feeds of `search`, the /jobs query string of the current search; they go when
 * the page leaves.
 */
export function useFeedLinks(search: string): void {
  useEffect(() => {
    const links = FEEDS.map((feed) => {
      const selector = `link[rel="alternate"][type="${feed.type}"]`;
      const link =
        document.head.querySelector<HTMLLinkElement>(selector) ?? document.createElement('link');
      link.rel = 'alternate';
      link.type = feed.type;
      link.title = `B2G jobs of this search (${feed.format})`;
      link.href = feedHref(feed, search);
      if (!link.isConnected) document.head.append(link);
      return link;
    });
    return () => links.forEach((link) => link.remove());
  }, [search]);
}
