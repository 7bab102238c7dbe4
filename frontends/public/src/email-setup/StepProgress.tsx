import type { DnsSetupStep, DnsStepId } from '@b2g/contracts';
import { Badge, colors, fontSizes, fontWeights, radii, sizes, space } from '@b2g/ui';
import { css } from '@emotion/react';
import CircleCheck from 'lucide-react/icons/circle-check';

const listStyles = css({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: space[2],
});

const itemStyles = css({
  display: 'flex',
  alignItems: 'center',
  gap: space[3],
  padding: `${space[2]} ${space[3]}`,
  borderRadius: radii.md,
  border: '1px solid transparent',
  fontSize: fontSizes.sm,
  '&[aria-current="step"]': {
    borderColor: colors.primary,
    background: colors.primarySoft,
    fontWeight: fontWeights.semibold,
  },
});

const numberStyles = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: sizes.iconLg,
  height: sizes.iconLg,
  borderRadius: radii.full,
  border: `1px solid ${colors.inputBorder}`,
  fontSize: fontSizes.xs,
  color: colors.muted,
});

/** A green check that says what it means. */
export function DoneBadge({ label }: { label: string }) {
  return (
    <Badge variant="green">
      <CircleCheck aria-hidden="true" size={14} />
      {label}
    </Badge>
  );
}

export interface StepProgressProps {
  steps: readonly DnsSetupStep[];
  current: number;
  completed: ReadonlySet<DnsStepId>;
}

/** The five steps in order: which is current and which the last check found done. */
export function StepProgress({ steps, current, completed }: StepProgressProps) {
  return (
    <div css={css({ display: 'grid', gap: space[3] })}>
      <p css={css({ fontSize: fontSizes.sm, color: colors.muted })}>
        {completed.size} of {steps.length} steps complete
      </p>
      <ol css={listStyles} aria-label="Setup progress">
        {steps.map((step, index) => {
          const done = completed.has(step.id);
          return (
            <li
              key={step.id}
              aria-current={index === current ? 'step' : undefined}
              css={itemStyles}
            >
              {done ? (
                <CircleCheck
                  aria-hidden="true"
                  css={css({
                    flexShrink: 0,
                    width: sizes.iconLg,
                    height: sizes.iconLg,
                    color: colors.success,
                  })}
                />
              ) : (
                <span aria-hidden="true" css={numberStyles}>
                  {index + 1}
                </span>
              )}
              <span css={css({ flex: 1, minWidth: 0 })}>{step.title}</span>
              {done ? <DoneBadge label={step.completedLabel} /> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
