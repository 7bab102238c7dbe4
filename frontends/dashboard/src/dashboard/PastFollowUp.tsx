import { Button, colors, fontSizes, radii, space } from '@b2g/ui';
import { css } from '@emotion/react';
import { format } from 'date-fns';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatDate } from '../lib/dates.js';

const DAY_INPUT = /^\d{4}-\d{2}-\d{2}$/;

/** True when `day` (a date input's `yyyy-MM-dd`) is before today in the user's time zone. */
export function isPastDay(day: string | null | undefined, now: Date = new Date()): boolean {
  return typeof day === 'string' && DAY_INPUT.test(day) && day < format(now, 'yyyy-MM-dd');
}

const promptStyles = css({
  display: 'grid',
  gap: space[3],
  marginBottom: space[4],
  padding: space[4],
  borderRadius: radii.md,
  border: `1px solid ${colors.border}`,
  background: colors.warningSoft,
  fontSize: fontSizes.sm,
});

function PastDatePrompt({
  day,
  onConfirm,
  onCancel,
}: {
  day: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div role="alert" css={promptStyles}>
      <p>The follow-up date {formatDate(day)} is in the past. Save it anyway?</p>
      <div css={css({ display: 'flex', flexWrap: 'wrap', gap: space[2] })}>
        <Button ref={confirm} size="sm" onClick={onConfirm}>
          Save anyway
        </Button>
        <Button size="sm" variant="outline" onClick={onCancel}>
          Change date
        </Button>
      </div>
    </div>
  );
}

/**
 * Saving with a follow-up date in the past (a slip of the date picker, most likely) first asks
 * to confirm; a date the application already had is not asked about again.
 */
export function usePastFollowUpCheck<T>(save: (body: T) => void, savedDay = '') {
  const [asking, setAsking] = useState<{ body: T; day: string } | null>(null);
  const submit = (body: T, day: string | null | undefined) => {
    if (day && day !== savedDay && isPastDay(day)) setAsking({ body, day });
    else save(body);
  };
  const prompt: ReactNode = asking ? (
    <PastDatePrompt
      day={asking.day}
      onConfirm={() => {
        setAsking(null);
        save(asking.body);
      }}
      onCancel={() => setAsking(null)}
    />
  ) : null;
  return { submit, prompt };
}
