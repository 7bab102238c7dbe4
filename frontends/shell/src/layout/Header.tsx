import { SITE_NAME } from '@b2g/contracts';
import {
  Button,
  colors,
  Container,
  focusRing,
  fontSizes,
  fontWeights,
  mq,
  radii,
  space,
  zIndices,
} from '@b2g/ui';
import { Link, NavLink, useAuth, useLocation } from '@b2g/web-platform';
import { css } from '@emotion/react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import Briefcase from 'lucide-react/icons/briefcase';
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { NAV_LINKS } from './nav.js';
import { AccountName } from './AccountName.js';

// The account menu (Radix menu and its positioning) loads only for a signed-in visitor: most
// visitors search without an account and never need it (about 40 KB gzip of first load).
const UserMenu = lazy(() =>
  import('./UserMenu.js').then(({ UserMenu }) => ({ default: UserMenu })),
);

const navLinkStyles = css({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `${space[2]} ${space[3]}`,
  borderRadius: radii.md,
  fontSize: fontSizes.sm,
  fontWeight: fontWeights.medium,
  color: colors.muted,
  textDecoration: 'none',
  '&:hover': { color: colors.foreground, background: colors.mutedBackground },
  '&[aria-current="page"]': { color: colors.primary, background: colors.primarySoft },
  ...focusRing,
});

const hideBelowMd = css({ display: 'none', [mq.md]: { display: 'flex' } });
const hideFromMd = css({ [mq.md]: { display: 'none' } });

export function Header() {
  const { user, isLoading, logout } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const menuId = useId();
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  return (
    <header
      css={css({
        position: 'sticky',
        top: 0,
        zIndex: zIndices.header,
        background: colors.background,
        borderBottom: `1px solid ${colors.border}`,
      })}
    >
      <Container>
        <div css={css({ display: 'flex', alignItems: 'center', gap: space[4], minHeight: '64px' })}>
          <Link
            to="/"
            css={css({
              display: 'inline-flex',
              alignItems: 'center',
              gap: space[2],
              color: colors.foreground,
              fontWeight: fontWeights.bold,
              fontSize: fontSizes.lg,
              textDecoration: 'none',
              borderRadius: radii.md,
              ...focusRing,
            })}
          >
            <Briefcase aria-hidden="true" color={colors.primary} size={24} />
            {SITE_NAME}
          </Link>
          <nav aria-label="Main" css={[hideBelowMd, css({ gap: space[1], marginLeft: space[4] })]}>
            {NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end css={navLinkStyles}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div
            css={css({ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: space[2] })}
          >
            {user ? (
              <Suspense
                fallback={
                  <Button variant="ghost" disabled>
                    <AccountName user={user} />
                  </Button>
                }
              >
                <UserMenu user={user} onSignOut={() => void logout()} />
              </Suspense>
            ) : isLoading ? null : (
              // Not before the stored session has been checked: a signed-in visitor would see
              // Sign In until then, for seconds in the prerendered first paint, which cannot know.
              <Button asChild css={hideBelowMd}>
                <Link to="/login">Sign In</Link>
              </Button>
            )}
            <Button
              variant="ghost"
              size="icon"
              css={hideFromMd}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            </Button>
          </div>
        </div>
        {menuOpen ? (
          <nav
            id={menuId}
            aria-label="Mobile"
            css={[hideFromMd, css({ display: 'grid', gap: space[1], paddingBottom: space[4] })]}
          >
            {NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end css={navLinkStyles} onClick={closeMenu}>
                {link.label}
              </NavLink>
            ))}
            {user ? null : (
              <Button asChild css={css({ marginTop: space[2] })}>
                <Link to="/login" onClick={closeMenu}>
                  Sign In
                </Link>
              </Button>
            )}
          </nav>
        ) : null}
      </Container>
    </header>
  );
}
