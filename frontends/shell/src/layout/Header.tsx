import {
  Button,
  colors,
  Container,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  focusRing,
  fontSizes,
  fontWeights,
  mq,
  radii,
  sizes,
  space,
  VisuallyHidden,
  zIndices,
} from '@b2g/ui';
import type { User } from '@b2g/contracts';
import { useAuth } from '@b2g/web-platform';
import { css } from '@emotion/react';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import Briefcase from 'lucide-react/icons/briefcase';
import ChevronDown from 'lucide-react/icons/chevron-down';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogOut from 'lucide-react/icons/log-out';
import Menu from 'lucide-react/icons/menu';
import UserIcon from 'lucide-react/icons/user';
import X from 'lucide-react/icons/x';
import { SITE_NAME } from '../routes.js';
import { NAV_LINKS } from './nav.js';

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

/** First name, else username (spec §2). */
export function displayName(user: Pick<User, 'firstName' | 'username'>): string {
  return user.firstName?.trim() || user.username;
}

function UserMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const name = displayName(user);
  // The trigger is named by its content ('Account menu for Dana'), not by an aria-label: a name
  // must hold the text on the button, and the initial in the avatar counts as such text
  // (WCAG 2.5.3 Label in Name).
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost">
          <span
            aria-hidden="true"
            css={css({
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: sizes.controlSm,
              height: sizes.controlSm,
              borderRadius: radii.full,
              background: colors.primarySoft,
              color: colors.primary,
              fontWeight: fontWeights.semibold,
            })}
          >
            {name.charAt(0).toUpperCase()}
          </span>
          <span>
            <VisuallyHidden>Account menu for</VisuallyHidden> {name}
          </span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span css={css({ display: 'block' })}>{fullName || name}</span>
          <span
            css={css({
              display: 'block',
              fontSize: fontSizes.xs,
              fontWeight: fontWeights.normal,
              color: colors.muted,
            })}
          >
            {user.email}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden="true" />
            Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserIcon aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function Header() {
  const { user, logout } = useAuth();
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
              <UserMenu user={user} onSignOut={() => void logout()} />
            ) : (
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
