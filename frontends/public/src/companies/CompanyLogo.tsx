import { companySlug, type CompanyPageResponse } from '@b2g/contracts';
import { colors, radii } from '@b2g/ui';
import { useQuery } from '@b2g/web-platform';
import { css } from '@emotion/react';
import { companyReadPath } from './companyApi.js';

const logoStyles = css({
  flexShrink: 0,
  borderRadius: radii.md,
  border: `1px solid ${colors.border}`,
  background: colors.surfaceRaised,
  objectFit: 'contain',
  verticalAlign: 'middle',
});

/**
 * A company's logo in a square of `size` CSS pixels, nothing when it has none. Decorative: the
 * company's name is always written beside it. Lazy below the fold (job cards).
 */
export function CompanyLogo({
  url,
  size,
  lazy = false,
}: {
  url: string | null | undefined;
  size: number;
  lazy?: boolean;
}) {
  return url ? (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      css={[logoStyles, css({ width: size, height: size })]}
    />
  ) : null;
}

/**
 * The logo URL of a company by its name, from its page's read (the one the company page makes, so
 * one read serves both); undefined while unknown or when the name gives no page.
 */
export function useCompanyLogoUrl(company: string): string | null | undefined {
  const slug = companySlug(company);
  const page = useQuery<CompanyPageResponse>({
    queryKey: [companyReadPath(slug)],
    enabled: slug !== '',
    retry: false,
  });
  return page.data?.company.logoUrl;
}
