import {
  ALERT_FREQUENCY_OPTIONS,
  jobsSearchPath,
  updateSavedSearchRequestSchema,
  type AlertFrequency,
  type SavedSearch,
  type UpdateSavedSearchRequest,
} from '@b2g/contracts';
import { Button, Input, SimpleSelect, space, Switch, VisuallyHidden } from '@b2g/ui';
import {
  apiRequest,
  errorMessage,
  Link,
  toast,
  useMutation,
  useQuery,
  useQueryClient,
} from '@b2g/web-platform';
import { css } from '@emotion/react';
import { useState, type FormEvent } from 'react';
import { formatDate } from '../lib/dates.js';
import { itemHeaderStyles, itemStyles, itemTitleStyles, metaStyles } from './styles.js';
import { TabItems } from './TabItems.js';

export const SAVED_SEARCHES_KEY = ['/api/user/saved-searches'] as const;

/** The user's saved searches with e-mail alerts: rename, change how often, pause, delete. */
export function AlertsTab() {
  const searches = useQuery<SavedSearch[]>({ queryKey: SAVED_SEARCHES_KEY, staleTime: 0 });
  if (searches.isError)
    return (
      <div role="alert" css={css({ display: 'grid', gap: space[3], justifyItems: 'start' })}>
        <p>{errorMessage(searches.error, 'Could not load your alerts.')}</p>
        <Button variant="outline" onClick={() => void searches.refetch()}>
          Retry
        </Button>
      </div>
    );
  return (
    <TabItems items={searches.data} isLoading={searches.isPending} label="Alerts" empty="alerts">
      {(search) => <AlertItem key={search.id} search={search} />}
    </TabItems>
  );
}

function AlertItem({ search }: { search: SavedSearch }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(search.name);
  const path = `/api/user/saved-searches/${search.id}`;
  const onError = (error: Error) =>
    toast({
      variant: 'destructive',
      title: 'Could not change the alert',
      description: errorMessage(error, 'Please try again.'),
    });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
  const update = useMutation({
    mutationFn: (changes: UpdateSavedSearchRequest) =>
      apiRequest<SavedSearch>('PATCH', path, changes),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', path),
    onSuccess: refresh,
    onError,
  });
  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateSavedSearchRequestSchema.safeParse({ name });
    if (parsed.success && name.trim() !== search.name) update.mutate(parsed.data);
  };
  const busy = update.isPending || remove.isPending;
  return (
    <li css={itemStyles}>
      <div css={itemHeaderStyles}>
        <form onSubmit={rename} css={css({ display: 'flex', gap: space[2], flex: 1 })}>
          <VisuallyHidden>
            <label htmlFor={`alert-name-${search.id}`}>Alert name</label>
          </VisuallyHidden>
          <Input
            id={`alert-name-${search.id}`}
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
            css={itemTitleStyles}
          />
          <Button type="submit" variant="outline" disabled={busy}>
            Rename
          </Button>
        </form>
        <label css={css({ display: 'flex', alignItems: 'center', gap: space[2] })}>
          <Switch
            aria-label={`Alert ${search.name} on`}
            checked={search.active}
            disabled={busy}
            onCheckedChange={(active) => update.mutate({ active })}
          />
          {search.active ? 'On' : 'Paused'}
        </label>
      </div>
      <div css={metaStyles}>
        <span>Last sent: {search.lastSentAt ? formatDate(search.lastSentAt) : 'never'}</span>
        <span>
          {search.newMatches} new {search.newMatches === 1 ? 'match' : 'matches'}
        </span>
        <Link to={jobsSearchPath(search.query)}>See jobs</Link>
      </div>
      <div css={css({ display: 'flex', flexWrap: 'wrap', gap: space[2], alignItems: 'center' })}>
        <SimpleSelect
          aria-label="How often"
          options={ALERT_FREQUENCY_OPTIONS}
          value={search.frequency}
          disabled={busy}
          onValueChange={(frequency) => update.mutate({ frequency: frequency as AlertFrequency })}
        />
        <Button variant="ghost" disabled={busy} onClick={() => remove.mutate()}>
          Delete
        </Button>
      </div>
    </li>
  );
}
