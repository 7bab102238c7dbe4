import { Button, colors, fontSizes, fontWeights, space } from '@b2g/ui';
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link } from '@b2g/web-platform';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description: string;
  actionLabel: string;
  actionTo: string;
}

/** A tab's empty state: an icon, a heading, a line of help and one way forward. */
export function EmptyState({ icon, title, description, actionLabel, actionTo }: EmptyStateProps) {
  return (
    <div
      css={css({
        display: 'grid',
        justifyItems: 'center',
        gap: space[3],
        padding: `${space[10]} ${space[4]}`,
        textAlign: 'center',
        color: colors.muted,
      })}
    >
      <span aria-hidden="true" css={css({ color: colors.subtle })}>
        {icon}
      </span>
      <h3
        css={css({
          margin: 0,
          fontSize: fontSizes.lg,
          fontWeight: fontWeights.semibold,
          color: colors.foreground,
        })}
      >
        {title}
      </h3>
      <p css={css({ margin: 0, fontSize: fontSizes.sm })}>{description}</p>
      <Button asChild variant="outline">
        <Link to={actionTo}>{actionLabel}</Link>
      </Button>
    </div>
  );
}
