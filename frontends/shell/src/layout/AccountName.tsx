import type { User } from '@b2g/contracts';
import { colors, fontWeights, radii, sizes, VisuallyHidden } from '@b2g/ui';
import { css } from '@emotion/react';

/** First name, else username (spec §2). */
export function displayName(user: Pick<User, 'firstName' | 'username'>): string {
  return user.firstName?.trim() || user.username;
}

const avatar = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: sizes.controlSm,
  height: sizes.controlSm,
  borderRadius: radii.full,
  background: colors.primarySoft,
  color: colors.primary,
  fontWeight: fontWeights.semibold,
});

/**
 * The account button's content: an initial and the display name. The button is named by it
 * ('Account menu for Dana'), not by an aria-label: a name must hold the text on the button, and
 * the initial counts as such text (WCAG 2.5.3 Label in Name).
 */
export function AccountName({ user }: { user: Pick<User, 'firstName' | 'username'> }) {
  const name = displayName(user);
  return (
    <>
      <span aria-hidden="true" css={avatar}>
        {name.charAt(0).toUpperCase()}
      </span>
      <span>
        <VisuallyHidden>Account menu for</VisuallyHidden> {name}
      </span>
    </>
  );
}
