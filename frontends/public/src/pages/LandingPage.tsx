import {
  LIKES_LOGO_VALUES,
  landingFeedbackSchema,
  RATING_VALUES,
  type LandingFeedbackForm,
} from '@b2g/contracts';
import {
  Button,
  Card,
  CardContent,
  colors,
  Container,
  fontSizes,
  fontWeights,
  FormField,
  Input,
  Label,
  radii,
  RadioGroup,
  RadioGroupItem,
  sizes,
  space,
  Textarea,
  LAUNCH_YEAR,
  RATING_MAX,
  RATING_MIN,
} from '@b2g/ui';
import { css, type SerializedStyles } from '@emotion/react';
import { zodResolver } from '@hookform/resolvers/zod';
import CircleCheck from 'lucide-react/icons/circle-check';
import { useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { centredPageStyles, introStyles } from './styles.js';

const LIKES_LOGO_LABELS: Record<(typeof LIKES_LOGO_VALUES)[number], string> = {
  yes: 'Yes',
  no: 'No',
};

const questionStyles = css({ display: 'grid', gap: space[2] });

const questionLabelStyles = css({ fontSize: fontSizes.sm, fontWeight: fontWeights.medium });

const inlineChoices = css({ display: 'flex', flexWrap: 'wrap', gap: space[4] });

const choiceStyles = css({ display: 'flex', alignItems: 'center', gap: space[2] });

const ratingChoiceStyles = css({
  padding: `${space[1]} ${space[2]}`,
  borderRadius: radii.md,
  border: `1px solid ${colors.border}`,
});

/** A question of the feedback form answered by one radio of a row, each with its label. */
function RadioQuestion({
  id,
  question,
  control,
  name,
  choices,
  choiceCss,
}: {
  /** Prefix of the ids of the question and of its radios. */
  id: string;
  question: string;
  control: Control<LandingFeedbackForm>;
  name: 'likesLogo' | 'rating';
  /** Each radio's value and label. */
  choices: readonly (readonly [value: string, label: string])[];
  choiceCss?: SerializedStyles;
}) {
  return (
    <div css={questionStyles}>
      <span id={`${id}-question`} css={questionLabelStyles}>
        {question}
      </span>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RadioGroup
            aria-labelledby={`${id}-question`}
            css={inlineChoices}
            value={field.value ?? ''}
            onValueChange={field.onChange}
          >
            {choices.map(([value, label]) => (
              <div key={value} css={[choiceStyles, choiceCss]}>
                <RadioGroupItem id={`${id}-${value}`} value={value} />
                <Label htmlFor={`${id}-${value}`}>{label}</Label>
              </div>
            ))}
          </RadioGroup>
        )}
      />
    </div>
  );
}

/** The logo the visitors are asked about. */
function Logo() {
  return (
    <svg
      role="img"
      aria-label="AI-generated B2G Jobs logo"
      viewBox="0 0 96 96"
      css={css({ width: '96px', height: '96px' })}
    >
      <rect width="96" height="96" rx="24" fill={colors.primary} />
      <path d="M20 64 L48 22 L76 64 Z" fill="none" stroke={colors.primarySoft} strokeWidth="6" />
      <circle
        cx="48"
        cy="52"
        r="10"
        fill={colors.accent}
        stroke={colors.primarySoft}
        strokeWidth="4"
      />
      <text
        x="48"
        y="86"
        textAnchor="middle"
        fontSize="14"
        fontWeight="700"
        fill={colors.primaryForeground}
      >
        B2G
      </text>
    </svg>
  );
}

export default function LandingPage() {
  const [submitted, setSubmitted] = useState(false);
  const form = useForm<LandingFeedbackForm>({
    resolver: zodResolver(landingFeedbackSchema),
    defaultValues: { email: '', comments: '' },
  });
  const { errors } = form.formState;
  const [likesLogo, rating] = form.watch(['likesLogo', 'rating']);
  const canSubmit = Boolean(likesLogo && rating);

  return (
    <Container>
      <div css={centredPageStyles}>
        <div css={introStyles}>
          <Logo />
          <h1 css={css({ fontSize: fontSizes['4xl'], fontWeight: fontWeights.bold })}>
            Launching in {LAUNCH_YEAR}
          </h1>
          <p css={css({ fontSize: fontSizes.lg, color: colors.muted })}>
            We&apos;re building this now. Want updates?
          </p>
        </div>

        <Card css={css({ width: '100%', maxWidth: '520px' })}>
          <CardContent css={css({ paddingTop: space[6] })}>
            {submitted ? (
              <div
                role="status"
                css={css({
                  display: 'grid',
                  justifyItems: 'center',
                  gap: space[3],
                  textAlign: 'center',
                  padding: `${space[4]} 0`,
                })}
              >
                <CircleCheck
                  aria-hidden="true"
                  css={css({
                    width: sizes.controlLg,
                    height: sizes.controlLg,
                    color: colors.success,
                  })}
                />
                <h2 css={css({ fontSize: fontSizes['2xl'], fontWeight: fontWeights.bold })}>
                  Thank You!
                </h2>
                <p css={css({ color: colors.muted })}>
                  Your feedback has been recorded. We&apos;ll keep you updated on our {LAUNCH_YEAR}{' '}
                  launch!
                </p>
              </div>
            ) : (
              <form
                noValidate
                aria-label="Launch updates"
                css={css({ display: 'grid', gap: space[5] })}
                onSubmit={form.handleSubmit(() => setSubmitted(true))}
              >
                <FormField
                  label="Email (optional)"
                  error={errors.email?.message}
                  description="We'll only use it to tell you when we launch."
                >
                  <Input type="email" autoComplete="email" {...form.register('email')} />
                </FormField>

                <RadioQuestion
                  id="likes-logo"
                  question="Do you like this AI-generated logo?"
                  control={form.control}
                  name="likesLogo"
                  choices={LIKES_LOGO_VALUES.map((value) => [value, LIKES_LOGO_LABELS[value]])}
                />

                <RadioQuestion
                  id="rating"
                  question={`Rate the logo from ${RATING_MIN} to ${RATING_MAX}`}
                  control={form.control}
                  name="rating"
                  choices={RATING_VALUES.map((value) => [value, value])}
                  choiceCss={ratingChoiceStyles}
                />

                <FormField label="Comments (optional)" error={errors.comments?.message}>
                  <Textarea rows={3} {...form.register('comments')} />
                </FormField>

                <Button type="submit" size="lg" fullWidth disabled={!canSubmit}>
                  Notify Me
                </Button>
                {canSubmit ? null : (
                  <p
                    css={css({ fontSize: fontSizes.xs, color: colors.subtle, textAlign: 'center' })}
                  >
                    Answer the logo question and choose a rating to continue.
                  </p>
                )}
              </form>
            )}
          </CardContent>
        </Card>

        <p css={css({ fontSize: fontSizes.xs, color: colors.subtle, textAlign: 'center' })}>
          * These numbers are early and purely for fun.
        </p>
      </div>
    </Container>
  );
}
