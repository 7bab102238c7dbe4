import { Button, Card, colors, fontSizes, fontWeights, space } from '@b2g/ui';
import { css } from '@emotion/react';
import { createContext, useContext } from 'react';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import TriangleAlert from 'lucide-react/icons/triangle-alert';

export const REMOTE_UNAVAILABLE_TEXT = 'This section is temporarily unavailable';

/** How the view asks its RemoteBoundary to load the remote again. */
export const RemoteRetryContext = createContext<(() => void) | null>(null);

export interface RemoteUnavailableProps {
  onRetry: () => void;
}

export function RemoteUnavailable({ onRetry }: RemoteUnavailableProps) {
  return (
    <Card
      role="alert"
      css={css({
        maxWidth: '560px',
        margin: `${space[12]} auto`,
        padding: space[8],
        display: 'grid',
        justifyItems: 'center',
        gap: space[4],
        textAlign: 'center',
      })}
    >
      <TriangleAlert aria-hidden="true" size={32} color={colors.warning} />
      <h1 css={css({ fontSize: fontSizes.xl, fontWeight: fontWeights.semibold })}>
        {REMOTE_UNAVAILABLE_TEXT}
      </h1>
      <p css={css({ color: colors.muted, fontSize: fontSizes.sm })}>
        Please try again in a moment. The rest of the site keeps working.
      </p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Retry
      </Button>
    </Card>
  );
}

/** The default export the errorLoadRemote plugin substitutes for a remote that failed to load. */
export function RemoteUnavailableFallback() {
  const retry = useContext(RemoteRetryContext);
  return <RemoteUnavailable onRetry={retry ?? (() => window.location.reload())} />;
}
