import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { colors, fontSizes, fontWeights, space } from '../theme.js';
// Through base: the frontends share that module at run time, so this uses the shell's copy.
import { Container } from '../base.js';

export interface PageHeaderProps {
  /** The page's h1. */
  title: ReactNode;
  /** A line under it, muted. */
  description: ReactNode;
}

/** A page's heading and the line that says what the page is for. */
export function PageHeader({ title, description }: PageHeaderProps) {
  return (
    <header css={css({ display: 'grid', gap: space[2] })}>
      <h1 css={css({ fontSize: fontSizes['3xl'], fontWeight: fontWeights.bold })}>{title}</h1>
      <p css={css({ color: colors.muted })}>{description}</p>
    </header>
  );
}

export interface PageLayoutProps {
  /** A narrower column, centred (forms); the page's full width otherwise. */
  maxWidth?: string;
  children: ReactNode;
}

/** A page's body: its sections one under another, clear of the header and the footer. */
export function PageLayout({ maxWidth, children }: PageLayoutProps) {
  return (
    <Container>
      <div
        css={[
          css({ display: 'grid', gap: space[6], padding: `${space[8]} 0 ${space[16]}` }),
          maxWidth !== undefined && css({ maxWidth, margin: '0 auto' }),
        ]}
      >
        {children}
      </div>
    </Container>
  );
}
