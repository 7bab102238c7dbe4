import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  colors,
  Container,
  fontSizes,
  IconCircle,
  space,
  type IconCircleProps,
} from '@b2g/ui';
import { css } from '@emotion/react';
import type { ComponentType, ReactNode } from 'react';

export interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  /** An icon (lucide) leading the card's header, on a circle of `iconTone`. */
  icon?: ComponentType<{ 'aria-hidden': 'true' }>;
  iconTone?: IconCircleProps['tone'];
  children?: ReactNode;
  footer?: ReactNode;
}

/** The centred card every sign-in page uses. */
export function AuthLayout({
  title,
  description,
  icon: Icon,
  iconTone,
  children,
  footer,
}: AuthLayoutProps) {
  return (
    <Container>
      <div
        css={css({
          display: 'flex',
          justifyContent: 'center',
          padding: `${space[10]} 0 ${space[16]}`,
        })}
      >
        <Card css={css({ width: '100%', maxWidth: '480px' })}>
          <CardHeader css={css({ textAlign: 'center', justifyItems: 'center' })}>
            {Icon ? (
              <IconCircle tone={iconTone}>
                <Icon aria-hidden="true" />
              </IconCircle>
            ) : null}
            <CardTitle as="h1">{title}</CardTitle>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent css={css({ display: 'grid', gap: space[4] })}>
            {children}
            {footer ? (
              <div
                css={css({
                  display: 'grid',
                  gap: space[2],
                  textAlign: 'center',
                  fontSize: fontSizes.sm,
                  color: colors.muted,
                })}
              >
                {footer}
              </div>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </Container>
  );
}

export const formStyles = css({ display: 'grid', gap: space[4] });
export const twoColumns = css({
  display: 'grid',
  gap: space[4],
  gridTemplateColumns: '1fr',
  '@media (min-width: 480px)': { gridTemplateColumns: '1fr 1fr' },
});
