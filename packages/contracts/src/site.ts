/** The site's name: in every document title, the header, the footer and the feeds' titles. */
export const SITE_NAME = 'B2G Job Board';

/** A page's document title: `{title} | B2G Job Board` (the SPA's pages and the server-rendered job pages). */
export function documentTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}
