import type { User } from '@b2g/contracts';
import {
  Button,
  colors,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  fontSizes,
  fontWeights,
} from '@b2g/ui';
import { css } from '@emotion/react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogOut from 'lucide-react/icons/log-out';
import UserIcon from 'lucide-react/icons/user';
import { Link } from '@b2g/web-platform';
import { AccountName, displayName } from './AccountName.js';

const ACCOUNT_PAGES = [
  { to: '/dashboard', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/profile', label: 'Profile', Icon: UserIcon },
];

/** The signed-in user's menu: who is signed in, Dashboard, Profile and Sign Out. */
export function UserMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost">
          <AccountName user={user} />
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span css={css({ display: 'block' })}>{fullName || displayName(user)}</span>
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
        {ACCOUNT_PAGES.map(({ to, label, Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
