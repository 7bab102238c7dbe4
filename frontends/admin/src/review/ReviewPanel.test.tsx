import { REVIEW_MESSAGES, type Ban, type ReviewItem } from '@b2g/contracts';
import { dismissToast } from '@b2g/web-platform';
import { fakeNetworkPerTest, renderPage } from '@b2g/web-platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import AdminJobsPage from '../pages/AdminJobsPage.js';
import { adminJob } from '../test/jobs.js';

const network = fakeNetworkPerTest();

/** A post held for review, as GET /api/admin/jobs?status=pending answers it. */
function reviewItem(overrides: Partial<ReviewItem> = {}): ReviewItem {
  const { hash: _hash, ...job } = adminJob({
    title: 'Wire Transfer Coordinator',
    company: 'Quick Cash LLC',
    url: 'http://203.0.113.7/apply',
  });
  return {
    ...job,
    posterEmail: 'boss@gmail.com',
    review: {
      status: 'pending',
      score: 9,
      signals: [
        { signal: 'free_mail', weight: 3, evidence: 'gmail.com' },
        { signal: 'apply_ip_literal', weight: 4, evidence: '203.0.113.7' },
        { signal: 'no_proof_of_work', weight: 2, evidence: '' },
      ],
      submittedAt: '2026-11-27T10:00:00.000Z',
      decidedAt: null,
      reason: null,
      editOf: null,
    },
    ...overrides,
  };
}

const held = reviewItem();
const second = reviewItem({
  title: 'Capture Lead',
  company: 'Acme Federal',
  url: 'https://careers.acme.example/7',
  posterEmail: 'hr@acme.example',
});

beforeEach(() => {
  network.on('GET', '/api/admin/status', { json: { isAdmin: true, hasAdminPassword: true } });
  network.on('GET', '/api/admin/jobs/featured', { json: {} });
  network.on('GET', '/api/admin/jobs', { json: [] });
});
afterEach(() => {
  dismissToast();
});

/** The review list answers `items` until a decision removes the one decided. */
function servePending(items: ReviewItem[], total = items.length) {
  let waiting = [...items];
  network.on('GET', '/api/admin/jobs?status=pending', () => ({
    json: waiting,
    headers: { 'X-Total-Count': String(total - (items.length - waiting.length)) },
  }));
  return (id: string) => {
    waiting = waiting.filter((item) => item.id !== id);
  };
}

async function openReview() {
  renderPage(<AdminJobsPage />, '/admin/jobs');
  const tab = await screen.findByRole('tab', { name: /^Review \(\d+\)$/ }, { timeout: 5000 });
  await userEvent.click(tab);
  return tab;
}

const card = (title: string) => {
  const item = screen.getByRole('heading', { name: title }).closest('li');
  if (!item) throw new Error(`no review item for ${title}`);
  return within(item);
};

describe('admin review list', () => {
  it('when posts wait, then the tab reads "Review (n)" and each shows its poster, score, signals with evidence and fields', async () => {
    servePending([held, second], 3);
    const tab = await openReview();
    expect(tab).toHaveTextContent('Review (3)');
    expect(await screen.findByRole('heading', { name: 'Review (3)' })).toBeInTheDocument();
    expect(screen.getByText('The oldest 2 show here.', { exact: false })).toBeInTheDocument();
    const item = card(held.title);
    expect(item.getByText(/Quick Cash LLC · Posted by boss@gmail\.com/)).toBeInTheDocument();
    expect(item.getByText('Risk score 9')).toBeInTheDocument();
    expect(item.getByText('Free e-mail provider')).toBeInTheDocument();
    expect(item.getByText('(+3): gmail.com')).toBeInTheDocument();
    expect(item.getByText('Apply link is an IP address')).toBeInTheDocument();
    expect(item.getByText('No proof of work from the browser')).toBeInTheDocument();
    expect(item.getByText('http://203.0.113.7/apply')).toBeInTheDocument();
    // An IP literal cannot be banned as a host; the poster's e-mail domain can.
    expect(item.queryByRole('button', { name: /^Ban apply host/ })).toBeNull();
    expect(item.getByRole('button', { name: 'Ban e-mail domain gmail.com' })).toBeInTheDocument();
    expect(
      card(second.title).getByRole('button', { name: 'Ban apply host careers.acme.example' }),
    ).toBeInTheDocument();
  });

  it('when nothing waits, then it says so', async () => {
    servePending([]);
    await openReview();
    expect(await screen.findByText('No posts are waiting for review')).toBeInTheDocument();
  });

  it('when a post is approved, then the approve call is made, "Job approved" shows and the list is read again without it', async () => {
    const decide = servePending([held, second]);
    network.on('POST', `/api/admin/jobs/${held.id}/approve`, () => {
      decide(held.id);
      return { json: { id: held.id } };
    });
    await openReview();
    await userEvent.click(await screen.findByRole('button', { name: `Approve ${held.title}` }));
    expect(await screen.findByText(REVIEW_MESSAGES.approved)).toBeInTheDocument();
    expect(network.calls('POST', `/api/admin/jobs/${held.id}/approve`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('heading', { name: held.title })).toBeNull());
    expect(screen.getByRole('tab', { name: 'Review (1)' })).toBeInTheDocument();
  });

  it('when Reject is chosen, then a reason is required and sent, and the post leaves the list', async () => {
    const decide = servePending([held]);
    network.on('POST', `/api/admin/jobs/${held.id}/reject`, () => {
      decide(held.id);
      return { json: { id: held.id } };
    });
    await openReview();
    await userEvent.click(await screen.findByRole('button', { name: `Reject ${held.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(REVIEW_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(network.calls('POST', `/api/admin/jobs/${held.id}/reject`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Asks applicants for fees');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(REVIEW_MESSAGES.rejected)).toBeInTheDocument();
    expect(network.calls('POST', `/api/admin/jobs/${held.id}/reject`)[0]?.body).toEqual({
      reason: 'Asks applicants for fees',
    });
    expect(await screen.findByText('No posts are waiting for review')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when the poster’s domain is banned, then a confirmation says its posts will be rejected and the ban is sent', async () => {
    const decide = servePending([held]);
    network.on('GET', '/api/admin/bans', { json: [] });
    network.on('POST', '/api/admin/bans', () => {
      decide(held.id);
      const ban: Ban = {
        id: 'email_domain:gmail.com',
        kind: 'email_domain',
        value: 'gmail.com',
        createdAt: '2026-11-27T11:00:00.000Z',
        rejectedPosts: 1,
      };
      return { status: 201, json: ban };
    });
    await openReview();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ban e-mail domain gmail.com' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Ban gmail.com?' });
    expect(confirm).toHaveTextContent('its pending and live posts will be rejected');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText(REVIEW_MESSAGES.banAdded)).toBeInTheDocument();
    expect(network.calls('POST', '/api/admin/bans')[0]?.body).toEqual({
      kind: 'email_domain',
      value: 'gmail.com',
    });
    expect(await screen.findByText('No posts are waiting for review')).toBeInTheDocument();
  });

  it('when approving fails, then a destructive toast shows the server message', async () => {
    servePending([held]);
    network.refuse(
      'POST',
      `/api/admin/jobs/${held.id}/approve`,
      'CONFLICT',
      REVIEW_MESSAGES.notPending,
    );
    await openReview();
    await userEvent.click(await screen.findByRole('button', { name: `Approve ${held.title}` }));
    expect(await screen.findByText('Failed to approve job')).toBeInTheDocument();
    expect(screen.getByText(REVIEW_MESSAGES.notPending)).toBeInTheDocument();
  });
});

describe('admin bans', () => {
  const ban: Ban = {
    id: 'apply_host:bit.ly',
    kind: 'apply_host',
    value: 'bit.ly',
    createdAt: '2026-11-20T09:00:00.000Z',
    rejectedPosts: 2,
  };

  async function openBans() {
    renderPage(<AdminJobsPage />, '/admin/jobs');
    await userEvent.click(await screen.findByRole('tab', { name: 'Bans' }));
  }

  it('when bans exist, then each shows its kind, value and rejected posts, and Remove deletes it', async () => {
    servePending([]);
    let bans = [ban];
    network.on('GET', '/api/admin/bans', () => ({ json: bans }));
    network.on('DELETE', `/api/admin/bans/${encodeURIComponent(ban.id)}`, () => {
      bans = [];
      // The service answers 204; the fake's Response cannot carry an empty body with it.
      return { json: {} };
    });
    await openBans();
    expect(await screen.findByRole('heading', { name: 'Bans (1)' })).toBeInTheDocument();
    expect(screen.getByText('bit.ly')).toBeInTheDocument();
    expect(
      screen.getByText(/Apply host · Added Nov 20, 2026 · 2 posts rejected/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove ban bit.ly' }));
    expect(await screen.findByText(REVIEW_MESSAGES.banRemoved)).toBeInTheDocument();
    expect(await screen.findByText('No bans')).toBeInTheDocument();
  });

  it('when a ban is added by kind and value, then it is checked, confirmed and sent', async () => {
    servePending([]);
    network.on('GET', '/api/admin/bans', { json: [] });
    network.on('POST', '/api/admin/bans', { status: 201, json: ban });
    await openBans();
    await screen.findByText('No bans');
    const value = screen.getByLabelText(/^Domain or host/);
    await userEvent.type(value, 'http://bit.ly/x');
    await userEvent.click(screen.getByRole('button', { name: 'Add ban' }));
    expect(await screen.findByText(REVIEW_MESSAGES.banValueInvalid)).toBeInTheDocument();
    expect(network.calls('POST', '/api/admin/bans')).toHaveLength(0);
    await userEvent.clear(value);
    await userEvent.type(value, 'Bit.ly');
    await userEvent.click(screen.getByRole('combobox', { name: 'Ban kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Apply host' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add ban' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Ban bit.ly?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText(REVIEW_MESSAGES.banAdded)).toBeInTheDocument();
    expect(network.calls('POST', '/api/admin/bans')[0]?.body).toEqual({
      kind: 'apply_host',
      value: 'bit.ly',
    });
    await waitFor(() => expect(value).toHaveValue(''));
  });
});
