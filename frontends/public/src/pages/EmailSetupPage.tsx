import {
  DNS_PROPAGATION_GUIDANCE,
  DNS_WIZARD_STEP_COUNT,
  dnsCheckResponseSchema,
  emailDnsSetup,
  ERROR_MESSAGES,
  type DnsStepId,
} from '@b2g/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  colors,
  Container,
  fontSizes,
  fontWeights,
  mq,
  Skeleton,
  space,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@b2g/ui';
import { apiRequest, toast, useMutation } from '@b2g/web-platform';
import { css } from '@emotion/react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import CircleCheck from 'lucide-react/icons/circle-check';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useMemo, useState } from 'react';
import { completedSteps } from '../email-setup/checkResult.js';
import { DnsRecordCard } from '../email-setup/DnsRecordCard.js';
import { useSiteConfig } from '../email-setup/siteConfig.js';
import { DoneBadge, StepProgress } from '../email-setup/StepProgress.js';
import { PAGE_PADDING, spreadRowStyles } from './styles.js';

const LAST_STEP = DNS_WIZARD_STEP_COUNT - 1;

const pageStyles = css({ display: 'grid', gap: space[6], padding: PAGE_PADDING });

const headerStyles = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: space[4],
});

const layoutStyles = css({
  display: 'grid',
  gap: space[6],
  alignItems: 'start',
  gridTemplateColumns: 'minmax(0, 1fr)',
  [mq.lg]: { gridTemplateColumns: 'minmax(220px, 1fr) minmax(0, 3fr)' },
});

const recordListStyles = css({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: space[3],
});

function EmailSetupWizard({ domain }: { domain: string }) {
  const steps = useMemo(() => emailDnsSetup(domain), [domain]);
  const [current, setCurrent] = useState(0);
  const [completed, setCompleted] = useState<ReadonlySet<DnsStepId>>(new Set());

  const check = useMutation({
    mutationFn: async () =>
      dnsCheckResponseSchema.parse(await apiRequest('GET', '/api/dns/check-email')),
    onSuccess: (result) => {
      const done = completedSteps(result);
      setCompleted(new Set(done));
      toast({
        title: 'DNS Check Complete',
        description: `${done.length}/${DNS_WIZARD_STEP_COUNT} records configured correctly`,
      });
    },
    onError: (error) => {
      // The toast keeps the spec's words; the server's detail (e.g. which lookup failed) is logged.
      console.error('DNS check failed', error);
      toast({
        variant: 'destructive',
        title: 'DNS Check Failed',
        description: ERROR_MESSAGES.dnsCheckFailed,
      });
    },
  });

  return (
    <>
      <div css={headerStyles}>
        <div css={css({ display: 'grid', gap: space[2] })}>
          <h1 css={css({ fontSize: fontSizes['3xl'], fontWeight: fontWeights.bold })}>
            Email DNS Setup
          </h1>
          <p css={css({ color: colors.muted })}>
            Add these records at your DNS host so e-mail for <strong>{domain}</strong> is delivered
            and trusted.
          </p>
        </div>
        <Button onClick={() => check.mutate()} disabled={check.isPending}>
          <RefreshCw aria-hidden="true" />
          {check.isPending ? 'Checking...' : 'Check DNS'}
        </Button>
      </div>

      <div css={layoutStyles}>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Progress</CardTitle>
          </CardHeader>
          <CardContent>
            <StepProgress steps={steps} current={current} completed={completed} />
          </CardContent>
        </Card>

        <div css={css({ display: 'grid', gap: space[4], gridTemplateColumns: 'minmax(0, 1fr)' })}>
          <Tabs value={String(current)} onValueChange={(value) => setCurrent(Number(value))}>
            <TabsList aria-label="Setup steps">
              {steps.map((step, index) => (
                <TabsTrigger key={step.id} value={String(index)}>
                  <span css={css({ display: 'inline-flex', alignItems: 'center', gap: space[1] })}>
                    {completed.has(step.id) ? (
                      <CircleCheck aria-hidden="true" size={14} color={colors.success} />
                    ) : null}
                    {index + 1}. {step.title}
                  </span>
                </TabsTrigger>
              ))}
            </TabsList>
            {steps.map((step, index) => (
              <TabsContent key={step.id} value={String(index)}>
                <Card>
                  <CardHeader>
                    <div
                      css={css({
                        display: 'flex',
                        flexWrap: 'wrap',
                        alignItems: 'center',
                        gap: space[2],
                      })}
                    >
                      <CardTitle as="h2">{step.title}</CardTitle>
                      {completed.has(step.id) ? <DoneBadge label={step.completedLabel} /> : null}
                    </div>
                    <p css={css({ fontSize: fontSizes.sm, color: colors.muted })}>
                      {step.description}
                    </p>
                  </CardHeader>
                  <CardContent>
                    <ul css={recordListStyles} aria-label={`${step.title} records`}>
                      {step.records.map((record) => (
                        <DnsRecordCard key={`${record.name} ${record.value}`} record={record} />
                      ))}
                    </ul>
                  </CardContent>
                </Card>
              </TabsContent>
            ))}
          </Tabs>

          <div css={spreadRowStyles}>
            <Button
              variant="outline"
              disabled={current === 0}
              onClick={() => setCurrent((step) => Math.max(0, step - 1))}
            >
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <span aria-live="polite" css={css({ fontSize: fontSizes.sm, color: colors.muted })}>
              Step {current + 1} of {DNS_WIZARD_STEP_COUNT}
            </span>
            <Button
              variant="outline"
              disabled={current === LAST_STEP}
              onClick={() => setCurrent((step) => Math.min(LAST_STEP, step + 1))}
            >
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>

          <Alert>
            <AlertTitle>DNS propagation</AlertTitle>
            <AlertDescription>
              DNS changes usually take {DNS_PROPAGATION_GUIDANCE.domain} to propagate; MX records
              can take {DNS_PROPAGATION_GUIDANCE.mx}. Wait, then use Check DNS to verify them.
            </AlertDescription>
          </Alert>
        </div>
      </div>
    </>
  );
}

export default function EmailSetupPage() {
  const config = useSiteConfig();

  return (
    <Container>
      <div css={pageStyles}>
        {config ? (
          <EmailSetupWizard domain={config.emailDomain} />
        ) : (
          <div
            role="status"
            aria-busy="true"
            aria-label="Loading email setup"
            css={css({ display: 'grid', gap: space[4] })}
          >
            <Skeleton css={css({ height: space[10], width: '60%' })} />
            <Skeleton css={css({ height: '320px' })} />
          </div>
        )}
      </div>
    </Container>
  );
}
