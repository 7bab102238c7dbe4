import { Button, colors, fontSizes, fontWeights, lineHeights, space } from '@b2g/ui';
import { ApiError, Link, useDocumentMeta } from '@b2g/web-platform';
import { css } from '@emotion/react';
import type { ReactNode } from 'react';

// The parts of a page that shows one thing read by its address (a job's page, a company's page).

export const readPageStyles = css({
  display: 'grid',
  gap: space[6],
  padding: `${space[8]} 0 ${space[16]}`,
});
export const readPageHeadingStyles = css({
  fontSize: fontSizes['3xl'],
  fontWeight: fontWeights.bold,
  lineHeight: lineHeights.tight,
  overflowWrap: 'anywhere',
});
export const sectionTitleStyles = css({ fontSize: fontSizes.xl, fontWeight: fontWeights.semibold });
const mutedStyles = css({ color: colors.muted });

/** A page that only says something: its title is the heading and the document's title. */
export function Message({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentMeta(title, title);
  return (
    <div css={readPageStyles}>
      <h1 css={readPageHeadingStyles}>{title}</h1>
      {children}
    </div>
  );
}

/**
 * A read that failed: a 404 (or a 400 for a malformed address) says the thing does not exist,
 * with a way to every job; anything else offers Retry.
 */
export function FailedRead({
  error,
  refetch,
  what,
  notFoundTitle,
  notFoundText,
}: {
  error: unknown;
  refetch: () => Promise<unknown>;
  /** What was read, as a title word ("Job"). */
  what: string;
  notFoundTitle: string;
  notFoundText: string;
}) {
  const status = error instanceof ApiError ? error.status : 0;
  return status === 404 || status === 400 ? (
    <Message title={notFoundTitle}>
      <p css={mutedStyles}>
        {notFoundText} <Link to="/jobs">Browse all jobs</Link>.
      </p>
    </Message>
  ) : (
    <Message title={`Error Loading ${what}`}>
      <p css={mutedStyles}>We couldn&apos;t load this {what.toLowerCase()}. Please try again.</p>
      <div>
        <Button variant="outline" onClick={() => void refetch()}>
          Retry
        </Button>
      </div>
    </Message>
  );
}
