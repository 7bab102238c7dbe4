import { Button, Card, colors, Container, fontSizes, fontWeights, space } from '@b2g/ui';
import { css } from '@emotion/react';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { Link, useDocumentTitle } from '@b2g/web-platform';
import { NOT_FOUND_TITLE } from '../routes.js';

export function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <Container>
      <Card css={css({ maxWidth: '480px', margin: `${space[16]} auto`, padding: space[8] })}>
        <div
          css={css({
            display: 'flex',
            alignItems: 'center',
            gap: space[2],
            marginBottom: space[4],
          })}
        >
          <CircleAlert aria-hidden="true" size={32} color={colors.destructive} />
          <h1 css={css({ fontSize: fontSizes['2xl'], fontWeight: fontWeights.bold })}>
            {NOT_FOUND_TITLE}
          </h1>
        </div>
        <p css={css({ color: colors.muted, fontSize: fontSizes.sm })}>
          Did you forget to add the page to the router?
        </p>
        <div css={css({ display: 'flex', flexWrap: 'wrap', gap: space[3], marginTop: space[6] })}>
          <Button asChild>
            <Link to="/jobs">Browse Jobs</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Go to Home</Link>
          </Button>
        </div>
      </Card>
    </Container>
  );
}
