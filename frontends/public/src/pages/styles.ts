import { space } from '@b2g/ui';
import { css } from '@emotion/react';

/** The room above and below a content page's column. */
export const PAGE_PADDING = `${space[10]} 0 ${space[16]}`;

/** A content page's column with everything centred (contact, landing). */
export const centredPageStyles = css({
  display: 'grid',
  justifyItems: 'center',
  gap: space[8],
  padding: PAGE_PADDING,
});

/** A page's centred heading and lead paragraph. */
export const introStyles = css({
  display: 'grid',
  gap: space[3],
  justifyItems: 'center',
  textAlign: 'center',
});

/** A row with its first and last items pushed to either end (form footers, step navigation). */
export const spreadRowStyles = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space[2],
});
