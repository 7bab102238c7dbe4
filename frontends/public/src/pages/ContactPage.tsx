import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  colors,
  Container,
  focusRing,
  fontSizes,
  fontWeights,
  IconCircle,
  radii,
  sizes,
  Skeleton,
  space,
} from '@b2g/ui';
import { css } from '@emotion/react';
import Mail from 'lucide-react/icons/mail';
import { Link } from '@b2g/web-platform';
import { useSiteConfig } from '../email-setup/siteConfig.js';
import { centredPageStyles } from './styles.js';

const introStyles = css({ display: 'grid', gap: space[3], textAlign: 'center', maxWidth: '640px' });

const emailStyles = css({
  fontSize: fontSizes.lg,
  fontWeight: fontWeights.semibold,
  overflowWrap: 'anywhere',
  borderRadius: radii.sm,
  ...focusRing,
});

export default function ContactPage() {
  const config = useSiteConfig();

  return (
    <Container>
      <div css={centredPageStyles}>
        <div css={introStyles}>
          <h1 css={css({ fontSize: fontSizes['3xl'], fontWeight: fontWeights.bold })}>Contact</h1>
          <p css={css({ fontSize: fontSizes.lg, color: colors.muted })}>
            Questions about posting jobs, pricing or your account? Send us an e-mail and we&apos;ll
            get back to you.
          </p>
        </div>
        <Card css={css({ width: '100%', maxWidth: '480px' })}>
          <CardHeader css={css({ justifyItems: 'center', textAlign: 'center' })}>
            <IconCircle>
              <Mail aria-hidden="true" size={22} />
            </IconCircle>
            <CardTitle as="h2">Email us</CardTitle>
            <CardDescription>Sales, support and general questions</CardDescription>
          </CardHeader>
          <CardContent css={css({ display: 'grid', justifyItems: 'center', gap: space[4] })}>
            {config ? (
              <a href={`mailto:${config.contactEmail}`} css={emailStyles}>
                {config.contactEmail}
              </a>
            ) : (
              <Skeleton css={css({ height: sizes.controlSm, width: '260px', maxWidth: '100%' })} />
            )}
            <p css={css({ fontSize: fontSizes.sm, color: colors.muted, textAlign: 'center' })}>
              Thinking about a subscription? See our <Link to="/pricing">pricing</Link>.
            </p>
          </CardContent>
        </Card>
      </div>
    </Container>
  );
}
