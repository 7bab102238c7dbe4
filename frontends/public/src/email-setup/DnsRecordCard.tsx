import type { DnsRecord } from '@b2g/contracts';
import { Button, colors, fontSizes, fontWeights, fonts, mq, radii, space } from '@b2g/ui';
import { toast } from '@b2g/web-platform';
import { css } from '@emotion/react';
import Copy from 'lucide-react/icons/copy';

const cardStyles = css({
  display: 'grid',
  gap: space[3],
  padding: space[4],
  borderRadius: radii.lg,
  border: `1px solid ${colors.border}`,
  background: colors.surface,
});

const fieldsStyles = css({
  display: 'grid',
  gap: space[3],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  margin: 0,
  [mq.sm]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
});

const termStyles = css({
  fontSize: fontSizes.xs,
  fontWeight: fontWeights.medium,
  color: colors.subtle,
  textTransform: 'uppercase',
});

const definitionStyles = css({
  margin: 0,
  fontFamily: fonts.mono,
  fontSize: fontSizes.sm,
  overflowWrap: 'anywhere',
});

const valueStyles = css({
  display: 'block',
  padding: `${space[2]} ${space[3]}`,
  borderRadius: radii.md,
  border: `1px solid ${colors.border}`,
  background: colors.background,
  fontFamily: fonts.mono,
  fontSize: fontSizes.sm,
  overflowWrap: 'anywhere',
});

async function copyValue(value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    toast({ title: 'Copied to clipboard', description: 'DNS record copied successfully' });
  } catch {
    toast({
      variant: 'destructive',
      title: 'Copy failed',
      description: 'Select the value and copy it by hand.',
    });
  }
}

/** One DNS record to add, with a button that copies its value. */
export function DnsRecordCard({ record }: { record: DnsRecord }) {
  const fields: [string, string][] = [
    ['Type', record.type],
    ['Name/Host', record.name],
    ['TTL', record.ttl],
  ];
  if (record.priority !== undefined) fields.push(['Priority', String(record.priority)]);

  return (
    <li css={cardStyles}>
      <dl css={fieldsStyles}>
        {fields.map(([term, definition]) => (
          <div key={term} css={css({ display: 'grid', gap: space[1] })}>
            <dt css={termStyles}>{term}</dt>
            <dd css={definitionStyles}>{definition}</dd>
          </div>
        ))}
      </dl>
      <div css={css({ display: 'grid', gap: space[1] })}>
        <span css={termStyles}>Value</span>
        <div
          css={css({
            display: 'flex',
            alignItems: 'flex-start',
            gap: space[2],
            '& > code': { flex: 1, minWidth: 0 },
          })}
        >
          <code css={valueStyles}>{record.value}</code>
          <Button
            variant="outline"
            size="icon"
            aria-label={`Copy ${record.type} record value ${record.value}`}
            onClick={() => void copyValue(record.value)}
          >
            <Copy aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}
