import { css } from '@emotion/react';
import { colors, space } from '../theme.js';
import { fieldStyles } from './Input.js';

/** A select's closed box, the same before and after Radix's select has loaded (no shift). */
export const selectTriggerStyles = [
  fieldStyles,
  css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: space[2],
    textAlign: 'left',
    cursor: 'pointer',
    '&[data-placeholder]': { color: colors.subtle },
    '& > span': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  }),
];

export const selectChevronStyles = css({ opacity: 0.6, flexShrink: 0 });
