import { css, Global } from '@emotion/react';
import type { ComponentProps } from 'react';
import { colors, fonts, fontSizes, lineHeights, mq, sizes, space } from '../theme.js';

/** Base document styles: one per page, rendered by the shell (or a remote running alone). */
export function GlobalStyles() {
  return (
    <Global
      styles={css({
        '*, *::before, *::after': { boxSizing: 'border-box' },
        'html, body': { margin: 0, padding: 0 },
        body: {
          minWidth: '320px',
          fontFamily: fonts.body,
          fontSize: fontSizes.md,
          lineHeight: lineHeights.normal,
          color: colors.foreground,
          background: colors.surface,
          WebkitFontSmoothing: 'antialiased',
        },
        'h1, h2, h3, h4, h5, h6, p': { margin: 0 },
        a: { color: colors.primary },
        'button, input, select, textarea': { font: 'inherit' },
        'img, svg': { display: 'block', maxWidth: '100%' },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            transitionDuration: '0.01ms !important',
          },
        },
      })}
    />
  );
}

/** Centred page width with side padding that grows with the screen. */
export function Container(props: ComponentProps<'div'>) {
  return (
    <div
      css={css({
        width: '100%',
        maxWidth: sizes.container,
        margin: '0 auto',
        padding: `0 ${space[4]}`,
        [mq.md]: { padding: `0 ${space[6]}` },
      })}
      {...props}
    />
  );
}

/** Text only screen readers read. */
export function VisuallyHidden(props: ComponentProps<'span'>) {
  return (
    <span
      css={css({
        position: 'absolute',
        width: '1px',
        height: '1px',
        padding: 0,
        margin: '-1px',
        overflow: 'hidden',
        clip: 'rect(0, 0, 0, 0)',
        whiteSpace: 'nowrap',
        border: 0,
      })}
      {...props}
    />
  );
}
