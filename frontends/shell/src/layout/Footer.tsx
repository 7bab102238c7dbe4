import { type AdminStatusResponse, SITE_NAME } from '@b2g/contracts';
import {
  colors,
  Container,
  focusRing,
  fontSizes,
  fontWeights,
  mq,
  radii,
  space,
  VisuallyHidden,
  COPYRIGHT_YEAR,
} from '@b2g/ui';
import type { SisterSite } from '@b2g/web-platform';
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link, ADMIN_STATUS_STALE_MS, useQuery } from '@b2g/web-platform';
import ExternalLink from 'lucide-react/icons/external-link';
import { NO_TARGET, SOCIAL_LINKS } from './nav.js';

const linkStyles = css({
  color: colors.muted,
  fontSize: fontSizes.sm,
  textDecoration: 'none',
  borderRadius: radii.sm,
  display: 'inline-flex',
  alignItems: 'center',
  gap: space[1],
  '&:hover': { color: colors.foreground, textDecoration: 'underline' },
  ...focusRing,
});

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2
        css={css({
          fontSize: fontSizes.sm,
          fontWeight: fontWeights.semibold,
          marginBottom: space[3],
        })}
      >
        {title}
      </h2>
      <ul css={css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space[2] })}>
        {children}
      </ul>
    </div>
  );
}

/** A footer entry: a link to `to`, or a link that leads nowhere yet. */
function FooterLink({ to, children }: { to?: string; children: ReactNode }) {
  return (
    <li>
      {to === undefined ? (
        <a href={NO_TARGET} css={linkStyles}>
          {children}
        </a>
      ) : (
        <Link to={to} css={linkStyles}>
          {children}
        </Link>
      )}
    </li>
  );
}

export const ADMIN_STATUS_QUERY_KEY = ['/api/admin/status'] as const;

export function Footer({ sisterSites }: { sisterSites: readonly SisterSite[] }) {
  const { data: adminStatus } = useQuery<AdminStatusResponse>({
    queryKey: ADMIN_STATUS_QUERY_KEY,
    staleTime: ADMIN_STATUS_STALE_MS,
    retry: false,
  });
  return (
    <footer
      css={css({
        marginTop: 'auto',
        background: colors.background,
        borderTop: `1px solid ${colors.border}`,
      })}
    >
      <Container>
        <div
          css={css({
            display: 'grid',
            gap: space[8],
            padding: `${space[10]} 0`,
            gridTemplateColumns: '1fr',
            [mq.sm]: { gridTemplateColumns: 'repeat(2, 1fr)' },
            [mq.lg]: { gridTemplateColumns: '2fr repeat(3, 1fr)' },
          })}
        >
          <div css={css({ display: 'grid', gap: space[3], alignContent: 'start' })}>
            <p css={css({ fontWeight: fontWeights.bold, fontSize: fontSizes.lg })}>{SITE_NAME}</p>
            <p css={css({ color: colors.muted, fontSize: fontSizes.sm, maxWidth: '320px' })}>
              Sales, marketing and technical jobs in federal and state, local and education markets.
            </p>
            <ul
              aria-label="Social"
              css={css({
                display: 'flex',
                gap: space[4],
                listStyle: 'none',
                margin: 0,
                padding: 0,
              })}
            >
              {SOCIAL_LINKS.map((label) => (
                <FooterLink key={label}>{label}</FooterLink>
              ))}
            </ul>
          </div>
          <Column title="Employers">
            <FooterLink to="/post-job">Post a Job</FooterLink>
            <FooterLink>Pricing</FooterLink>
            <FooterLink to="/contact">Contact Sales</FooterLink>
          </Column>
          <Column title="Company">
            <FooterLink to="/contact">Contact</FooterLink>
            <FooterLink>Privacy Policy</FooterLink>
            <FooterLink>Terms of Service</FooterLink>
            {adminStatus?.hasAdminPassword === true ? (
              <FooterLink to="/admin/login">Admin</FooterLink>
            ) : null}
          </Column>
          <Column title="Company family">
            {sisterSites.map((site) => (
              <li key={site.href}>
                <a href={site.href} target="_blank" rel="noopener noreferrer" css={linkStyles}>
                  {site.label}
                  <ExternalLink aria-hidden="true" size={14} />
                  <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                </a>
              </li>
            ))}
          </Column>
        </div>
        <div
          css={css({
            display: 'flex',
            flexDirection: 'column',
            gap: space[2],
            padding: `${space[6]} 0`,
            borderTop: `1px solid ${colors.border}`,
            color: colors.muted,
            fontSize: fontSizes.sm,
            [mq.md]: { flexDirection: 'row', justifyContent: 'space-between' },
          })}
        >
          <p>
            © {COPYRIGHT_YEAR} {SITE_NAME}. All rights reserved.
          </p>
          <p>Built for the B2G community.</p>
        </div>
      </Container>
    </footer>
  );
}
