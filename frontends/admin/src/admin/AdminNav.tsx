import { colors, fontSizes, fontWeights, radii, space } from '@b2g/ui';
import { NavLink } from '@b2g/web-platform';
import { css } from '@emotion/react';

/** The admin's pages, in the order the navigation lists them. */
export const ADMIN_PAGES = [
  { to: '/admin/jobs', label: 'Jobs' },
  { to: '/admin/stats', label: 'Statistics' },
] as const;

const linkStyles = css({
  padding: `${space[1.5]} ${space[3]}`,
  borderRadius: radii.md,
  color: colors.muted,
  fontSize: fontSizes.sm,
  fontWeight: fontWeights.medium,
  textDecoration: 'none',
  '&:hover': { color: colors.foreground, background: colors.mutedBackground },
  '&[aria-current="page"]': { color: colors.primary, background: colors.primarySoft },
});

/** Links between the admin's pages; the current one is marked for screen readers and by colour. */
export function AdminNav() {
  return (
    <nav aria-label="Admin">
      <ul css={css({ display: 'flex', gap: space[2], listStyle: 'none', margin: 0, padding: 0 })}>
        {ADMIN_PAGES.map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} css={linkStyles} end>
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
