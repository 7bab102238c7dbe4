import type { SearchParams } from '@b2g/contracts';
import { colors, focusRing, fontSizes, space } from '@b2g/ui';
import { css } from '@emotion/react';
import { useState } from 'react';
import { SearchAlertDialog } from './SearchAlert.js';
import { FEEDS, feedHref } from './useFeedLinks.js';

const lineStyles = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `0 ${space[1.5]}`,
  fontSize: fontSizes.sm,
  color: colors.muted,
});
const linkStyles = css({
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  color: colors.primary,
  textDecoration: 'underline',
  cursor: 'pointer',
  ...focusRing,
});

/**
 * 'Get this search as RSS / JSON Feed / e-mail alert': the feeds the page's head names, as links
 * anyone can see, and the alert dialog of the search.
 */
export function SearchFeeds({ search, query }: { search: string; query: SearchParams }) {
  const [open, setOpen] = useState(false);
  return (
    <p css={lineStyles}>
      Get this search as
      {FEEDS.map((feed) => (
        <span key={feed.format}>
          <a href={feedHref(feed, search)} type={feed.type} css={linkStyles}>
            {feed.format}
          </a>{' '}
          /
        </span>
      ))}
      <button type="button" css={linkStyles} onClick={() => setOpen(true)}>
        e-mail alert
      </button>
      <SearchAlertDialog open={open} onOpenChange={setOpen} query={query} />
    </p>
  );
}
