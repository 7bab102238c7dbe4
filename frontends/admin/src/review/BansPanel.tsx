import {
  BAN_KINDS,
  banRequestSchema,
  REVIEW_MESSAGES,
  type Ban,
  type BanKind,
} from '@b2g/contracts';
import {
  Button,
  colors,
  fontSizes,
  fontWeights,
  FormField,
  Input,
  mq,
  radii,
  SimpleSelect,
  Skeleton,
  space,
} from '@b2g/ui';
import { ReadFailedAlert, toast, useMutation, useQueryClient } from '@b2g/web-platform';
import { css } from '@emotion/react';
import { useId, useState, type FormEvent } from 'react';
import { toastFailure } from '../admin/adminApi.js';
import { refreshReview, removeBan, useBans } from '../admin/reviewApi.js';
import { rowStyles } from '../jobs/JobRow.js';
import { BAN_KIND_LABELS } from './reviewText.js';
import { useBanConfirm } from './useBanConfirm.js';

const KIND_OPTIONS = BAN_KINDS.map((value) => ({ label: BAN_KIND_LABELS[value], value }));
const addedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const formStyles = css({
  display: 'grid',
  gap: space[3],
  alignItems: 'end',
  [mq.md]: { gridTemplateColumns: '12rem 1fr auto' },
});
/** The bans: e-mail domains and apply hosts whose posts are refused; add one, or remove one. */
export function BansPanel() {
  const queryClient = useQueryClient();
  const headingId = useId();
  const bans = useBans();
  const [kind, setKind] = useState<BanKind>('email_domain');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const banConfirm = useBanConfirm(() => setValue(''));
  const remove = useMutation({
    mutationFn: (ban: Ban) => removeBan(ban.id),
    onSuccess: (_result, ban) => {
      toast({ title: REVIEW_MESSAGES.banRemoved, description: ban.value });
      return refreshReview(queryClient);
    },
    onError: (failure) => toastFailure('Failed to remove ban', failure),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = banRequestSchema.safeParse({ kind, value });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) banConfirm.ask(parsed.data);
  };

  let list;
  if (bans.isPending)
    list = <Skeleton aria-label="Loading bans" css={css({ height: space[16] })} />;
  else if (bans.isError)
    list = (
      <ReadFailedAlert title="Failed to load bans" query={bans} fallback="Please try again." />
    );
  else if (bans.data.length === 0)
    list = (
      <p css={css({ padding: `${space[6]} 0`, textAlign: 'center', color: colors.muted })}>
        No bans
      </p>
    );
  else
    list = (
      <ul aria-labelledby={headingId} css={css({ listStyle: 'none', margin: 0, padding: 0 })}>
        {bans.data.map((ban) => (
          <li key={ban.id} css={rowStyles}>
            <div css={css({ display: 'grid', gap: space[0.5], minWidth: 0 })}>
              <span css={css({ fontWeight: fontWeights.semibold, overflowWrap: 'anywhere' })}>
                {ban.value}
              </span>
              <span css={css({ fontSize: fontSizes.sm, color: colors.muted })}>
                {BAN_KIND_LABELS[ban.kind]} · Added {addedOn.format(new Date(ban.createdAt))} ·{' '}
                {ban.rejectedPosts} post{ban.rejectedPosts === 1 ? '' : 's'} rejected
              </span>
            </div>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Remove ban ${ban.value}`}
              disabled={remove.isPending && remove.variables.id === ban.id}
              onClick={() => remove.mutate(ban)}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby={headingId} css={css({ display: 'grid', gap: space[4] })}>
      <div css={css({ display: 'grid', gap: space[1] })}>
        <h2 id={headingId} css={css({ fontSize: fontSizes.xl, fontWeight: fontWeights.semibold })}>
          {`Bans (${bans.data?.length ?? 0})`}
        </h2>
        <p css={css({ color: colors.muted, fontSize: fontSizes.sm })}>
          Posts from a banned e-mail domain or with an apply link on a banned host are refused.
        </p>
      </div>
      <form
        noValidate
        aria-label="Add a ban"
        onSubmit={submit}
        css={[
          formStyles,
          css({ padding: space[4], border: `1px solid ${colors.border}`, borderRadius: radii.lg }),
        ]}
      >
        <FormField label="Ban kind">
          <SimpleSelect
            options={KIND_OPTIONS}
            value={kind}
            onValueChange={(next) => setKind(next as BanKind)}
          />
        </FormField>
        <FormField label="Domain or host" required error={error}>
          <Input
            placeholder="example.com"
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </FormField>
        <Button type="submit" disabled={banConfirm.pending}>
          Add ban
        </Button>
      </form>
      {list}
      {banConfirm.dialog}
    </section>
  );
}
