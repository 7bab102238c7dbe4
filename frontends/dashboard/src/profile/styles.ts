import { mq, space } from '@b2g/ui';
import { css } from '@emotion/react';

export const formStyles = css({ display: 'grid', gap: space[4] });

export const fieldsGridStyles = css({
  display: 'grid',
  gap: space[4],
  [mq.sm]: { gridTemplateColumns: '1fr 1fr' },
});
