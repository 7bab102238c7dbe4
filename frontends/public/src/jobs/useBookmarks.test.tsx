import { createQueryClient, dismissToast } from '@b2g/web-platform';
import { fakeNetworkPerTest, renderPage, sampleJob, signIn } from '@b2g/web-platform/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useBookmarks } from './useBookmarks.js';

const network = fakeNetworkPerTest();
afterEach(() => {
  act(() => dismissToast());
});

const job = sampleJob({ title: 'Saved Role' });

function Toggle() {
  const { isBookmarked, toggle } = useBookmarks();
  return (
    <button type="button" onClick={() => toggle(job)}>
      {isBookmarked(job) ? 'Remove bookmark' : 'Bookmark'}
    </button>
  );
}

/** The dashboard's reads as an earlier visit left them in the page's cache. */
const DASHBOARD_READS = [['/api/user/stats'], ['/api/user/activity']] as const;

describe('bookmark toggle and the dashboard', () => {
  it.each([
    ['added', [], 'Bookmark', 'Job bookmarked!'],
    [
      'removed',
      [{ id: 'b1', jobId: job.id, bookmarkedAt: job.postedAt, notes: null }],
      'Remove bookmark',
      'Bookmark removed',
    ],
  ])(
    'when a bookmark is %s, then the cached dashboard stats and activity are marked for reading again',
    async (_change, bookmarks, button, toastTitle) => {
      signIn(network);
      network.on('GET', '/api/user/bookmarks', { json: bookmarks });
      network.on('POST', '/api/user/bookmarks', { status: 201, json: { id: 'b1' } });
      network.on('DELETE', `/api/user/bookmarks/${job.id}`, { json: { success: true } });
      const queryClient = createQueryClient();
      for (const queryKey of DASHBOARD_READS) queryClient.setQueryData(queryKey, []);
      renderPage(<Toggle />, '/jobs', { queryClient });

      await userEvent.click(await screen.findByRole('button', { name: button }));
      expect(await screen.findByText(toastTitle)).toBeInTheDocument();
      await waitFor(() => {
        for (const queryKey of DASHBOARD_READS)
          expect(queryClient.getQueryState(queryKey)?.isInvalidated, queryKey[0]).toBe(true);
      });
    },
  );
});

describe('bookmark toggle signed out', () => {
  it('when a visitor bookmarks, then the login toast offers Sign in, coming back to the same page', async () => {
    renderPage(<Toggle />, '/jobs?sector=FEDERAL');
    await userEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(await screen.findByText('Login required')).toBeInTheDocument();
    expect(screen.getByText('Please login to bookmark jobs.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/jobs?sector=FEDERAL')}`,
    );
    expect(network.calls('POST', '/api/user/bookmarks')).toHaveLength(0);
  });
});
