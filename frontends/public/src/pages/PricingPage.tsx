import { PLAN_PRICE_USD_PER_MONTH, REFUND_WINDOW_DAYS } from '@b2g/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  colors,
  Container,
  fontSizes,
  fontWeights,
  lineHeights,
  mq,
  radii,
  shadows,
  space,
} from '@b2g/ui';
import { css } from '@emotion/react';
import Check from 'lucide-react/icons/check';
import CreditCard from 'lucide-react/icons/credit-card';
import type { ReactNode } from 'react';
import { Link } from '@b2g/web-platform';
import { introStyles, PAGE_PADDING } from './styles.js';

const price = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
}).format(PLAN_PRICE_USD_PER_MONTH);

const FEATURES = [
  'Unlimited job postings',
  'Priority customer support',
  `${REFUND_WINDOW_DAYS}-day money-back guarantee`,
  'No setup fee',
  'Billed monthly, cancel anytime',
] as const;

interface Faq {
  question: string;
  answer: ReactNode;
}

const FAQS: readonly Faq[] = [
  {
    question: 'Can I cancel anytime?',
    answer: (
      <>
        Yes. The plan is billed monthly with no long-term contract, so you can cancel anytime.{' '}
        <Link to="/contact">Contact us</Link> and we&apos;ll take care of it.
      </>
    ),
  },
  {
    question: 'Do you offer refunds?',
    answer: (
      <>
        Yes. Every subscription comes with a {REFUND_WINDOW_DAYS}-day money-back guarantee. If the
        plan isn&apos;t right for you, <Link to="/contact">contact us</Link> within{' '}
        {REFUND_WINDOW_DAYS} days for a full refund.
      </>
    ),
  },
  {
    question: 'What payment methods do you accept?',
    answer: (
      <>
        We accept major credit and debit cards, processed securely through our card payment
        provider. Need another arrangement? <Link to="/contact">Contact us</Link>.
      </>
    ),
  },
  {
    question: 'Is there a setup fee?',
    answer: (
      <>
        No. There is no setup fee: you pay only {price} per month.{' '}
        <Link to="/contact">Contact us</Link> if you have questions before you start.
      </>
    ),
  },
];

const pageStyles = css({ display: 'grid', gap: space[12], padding: PAGE_PADDING });

const narrowStyles = css({ maxWidth: '640px', margin: '0 auto' });

const planStyles = css({
  width: '100%',
  maxWidth: '440px',
  margin: '0 auto',
  borderColor: colors.primary,
  boxShadow: shadows.md,
});

const featureListStyles = css({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: space[3],
});

const featureStyles = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: space[2],
  fontSize: fontSizes.sm,
  '& svg': { flexShrink: 0, color: colors.success, marginTop: space[0.5] },
});

const faqGridStyles = css({
  display: 'grid',
  gap: space[4],
  gridTemplateColumns: '1fr',
  [mq.md]: { gridTemplateColumns: '1fr 1fr' },
});

const faqItemStyles = css({
  display: 'grid',
  gap: space[2],
  padding: space[5],
  borderRadius: radii.lg,
  border: `1px solid ${colors.border}`,
  background: colors.surfaceRaised,
});

export default function PricingPage() {
  return (
    <Container>
      <div css={pageStyles}>
        <div css={[introStyles, narrowStyles]}>
          <h1 css={css({ fontSize: fontSizes['4xl'], fontWeight: fontWeights.bold })}>Pricing</h1>
          <p css={css({ fontSize: fontSizes.lg, color: colors.muted })}>
            One simple plan for employers hiring B2G sales, marketing and technical talent.
          </p>
        </div>

        <Card css={planStyles}>
          <CardHeader>
            <Badge variant="blue" css={css({ justifySelf: 'start' })}>
              Employer plan
            </Badge>
            <CardTitle as="h2">Unlimited Job Postings</CardTitle>
            <p css={css({ display: 'flex', alignItems: 'baseline', gap: space[1] })}>
              <span css={css({ fontSize: fontSizes['4xl'], fontWeight: fontWeights.bold })}>
                {price}
              </span>
              <span css={css({ color: colors.muted })}>per month</span>
            </p>
            <CardDescription>Billed monthly. Cancel anytime.</CardDescription>
          </CardHeader>
          <CardContent css={css({ display: 'grid', gap: space[5] })}>
            <ul css={featureListStyles}>
              {FEATURES.map((feature) => (
                <li key={feature} css={featureStyles}>
                  <Check aria-hidden="true" size={16} />
                  {feature}
                </li>
              ))}
            </ul>
            <p
              css={css({
                display: 'flex',
                gap: space[2],
                fontSize: fontSizes.sm,
                color: colors.muted,
                lineHeight: lineHeights.normal,
                '& svg': { flexShrink: 0, marginTop: space[0.5] },
              })}
            >
              <CreditCard aria-hidden="true" size={16} />
              Cards accepted, processed securely through our card payment provider.
            </p>
          </CardContent>
          <CardFooter css={css({ flexDirection: 'column', alignItems: 'stretch' })}>
            <Button asChild size="lg">
              <Link to="/contact">Start Subscription</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/contact">Contact Sales</Link>
            </Button>
          </CardFooter>
        </Card>

        <section aria-labelledby="faq-title" css={css({ display: 'grid', gap: space[6] })}>
          <h2
            id="faq-title"
            css={css({
              fontSize: fontSizes['2xl'],
              fontWeight: fontWeights.bold,
              textAlign: 'center',
            })}
          >
            Frequently Asked Questions
          </h2>
          <div css={faqGridStyles}>
            {FAQS.map(({ question, answer }) => (
              <div key={question} css={faqItemStyles}>
                <h3 css={css({ fontSize: fontSizes.md, fontWeight: fontWeights.semibold })}>
                  {question}
                </h3>
                <p css={css({ fontSize: fontSizes.sm, color: colors.muted })}>{answer}</p>
              </div>
            ))}
          </div>
        </section>
      </div>
    </Container>
  );
}
