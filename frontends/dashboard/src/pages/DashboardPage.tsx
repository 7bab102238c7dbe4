import {
  Container,
  mq,
  PageHeader,
  space,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@b2g/ui';
import { ReadFailedAlert, useDocumentTitle, useLocation, useSearchParams } from '@b2g/web-platform';
import { css } from '@emotion/react';
import { useCallback, useMemo } from 'react';
import { ActivityTab } from '../dashboard/ActivityTab.js';
import { AlertsTab } from '../dashboard/AlertsTab.js';
import { ApplicationsTab } from '../dashboard/ApplicationsTab.js';
import { DashboardSkeleton } from '../dashboard/DashboardSkeleton.js';
import { OverviewTab } from '../dashboard/OverviewTab.js';
import { PostingsTab } from '../dashboard/PostingsTab.js';
import { useDashboardQueries } from '../dashboard/queries.js';
import { SavedJobsTab } from '../dashboard/SavedJobsTab.js';
import { SummaryCards } from '../dashboard/SummaryCards.js';
import { useRequireAuth } from '../lib/useRequireAuth.js';

const TABS = ['overview', 'applications', 'saved', 'activity', 'alerts', 'postings'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

/**
 * The tab is in the address, so a reload or a shared link keeps it: `?track=<job id>` (from a
 * job's page) opens Applications with that job's tracking dialog, `?tab=<name>` that tab,
 * anything else the overview. Choosing a tab writes it there (the overview as no `tab`), in place
 * of the current entry.
 */
function useRequestedTab() {
  const [params, setParams] = useSearchParams();
  // Closing a linked job's dialog leaves /dashboard as the address and Applications open.
  const { state } = useLocation() as { state: { tab?: string } | null };
  const trackJobId = params.get('track') || undefined;
  const tab = params.get('tab') ?? state?.tab ?? null;
  const currentTab: Tab = trackJobId ? 'applications' : isTab(tab) ? tab : 'overview';
  const chooseTab = useCallback(
    (chosen: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('track');
          if (chosen === 'overview' || !isTab(chosen)) next.delete('tab');
          else next.set('tab', chosen);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const trackDone = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('track');
          return next;
        },
        { replace: true, state: { tab: 'applications' } },
      ),
    [setParams],
  );
  return { currentTab, chooseTab, trackJobId, trackDone };
}

const pageStyles = css({ display: 'grid', gap: space[8], padding: `${space[8]} 0 ${space[16]}` });

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useRequireAuth();
  const { stats, applications, bookmarks, activity } = useDashboardQueries(user !== null);
  const { currentTab, chooseTab, trackJobId, trackDone } = useRequestedTab();
  const appliedJobIds = useMemo(
    () => new Set((applications.data ?? []).map((application) => application.jobId)),
    [applications.data],
  );

  let body;
  if (stats.isError) {
    body = (
      <ReadFailedAlert
        title="Your dashboard could not be loaded"
        query={stats}
        fallback="Please refresh the page to try again."
      />
    );
  } else if (user === null || !stats.data) {
    body = <DashboardSkeleton />;
  } else {
    body = (
      <>
        <PageHeader
          title={<>Welcome back, {user.firstName || user.username}!</>}
          description="Track your job applications and manage your government marketing career."
        />
        <SummaryCards stats={stats.data} />
        <Tabs
          value={currentTab}
          onValueChange={chooseTab}
          css={css({ display: 'grid', gap: space[6] })}
        >
          <TabsList
            aria-label="Dashboard sections"
            css={css({
              display: 'grid',
              gridTemplateColumns: 'repeat(2, 1fr)',
              [mq.sm]: { display: 'flex' },
            })}
          >
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="applications">Applications</TabsTrigger>
            <TabsTrigger value="saved">Saved Jobs</TabsTrigger>
            <TabsTrigger value="activity">Activity</TabsTrigger>
            <TabsTrigger value="alerts">Alerts</TabsTrigger>
            <TabsTrigger value="postings">My postings</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab
              stats={stats.data}
              activity={activity.data}
              activityLoading={activity.isPending}
            />
          </TabsContent>
          <TabsContent value="applications">
            <ApplicationsTab
              applications={applications.data}
              isLoading={applications.isPending}
              trackJobId={trackJobId}
              onTrackDone={trackDone}
            />
          </TabsContent>
          <TabsContent value="saved">
            <SavedJobsTab
              bookmarks={bookmarks.data}
              appliedJobIds={appliedJobIds}
              isLoading={bookmarks.isPending}
            />
          </TabsContent>
          <TabsContent value="activity">
            <ActivityTab activity={activity.data} isLoading={activity.isPending} />
          </TabsContent>
          <TabsContent value="alerts">
            <AlertsTab />
          </TabsContent>
          <TabsContent value="postings">
            <PostingsTab email={user.email} />
          </TabsContent>
        </Tabs>
      </>
    );
  }

  return (
    <Container>
      <div css={pageStyles}>{body}</div>
    </Container>
  );
}
