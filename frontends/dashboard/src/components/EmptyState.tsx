import { Button, colors, fontSizes, fontWeights, sizes, space } from '@b2g/ui';
import { css } from '@emotion/react';
import type { LucideIcon } from 'lucide-react';
import { Link } from '@b2g/web-platform';

export interface EmptyStateProps {
  /** Drawn large above the heading. */
  icon: LucideIcon;
  title: string;
  description: string;
  /** The one way forward: a link's text and where it goes. */
  action: { label: string; to: string };
}

/** A tab's empty state: an icon, a heading, a line of help and one way forward. */
export function EmptyState({ icon: Icon, title, description, action }: EmptyStateProps) {
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
        <Icon width={sizes.iconLg} height={sizes.iconLg} />
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
        <Link to={action.to}>{action.label}</Link>
      </Button>
    </div>
  );
}
