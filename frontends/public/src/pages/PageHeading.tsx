import { colors, Container, fontSizes, fontWeights, space } from '@b2g/ui';
import { css } from '@emotion/react';
import type { ReactNode } from 'react';

/** A page's heading; the pages still to be built (their own issues) render only this. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Container>
      <div css={css({ padding: `${space[10]} 0`, display: 'grid', gap: space[3] })}>
        <h1
          css={css({
            fontSize: fontSizes['3xl'],
            fontWeight: fontWeights.bold,
            color: colors.foreground,
          })}
        >
          {title}
        </h1>
        {children}
      </div>
    </Container>
  );
}
