import type { EmployerJob } from '@b2g/contracts';
import { sampleJob } from '@b2g/contracts/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EmployerPostings, type EmployerPostingsProps } from './EmployerPostings.js';

const posting = (overrides: Partial<EmployerJob>): EmployerJob => ({
  ...sampleJob(),
  status: 'live',
  closedReason: null,
  expiresOn: '2026-12-31',
  ...overrides,
});

const live = posting({ id: '00000000-0000-4000-8000-00000000000a', title: 'Live role' });
const expired = posting({
  id: '00000000-0000-4000-8000-00000000000b',
  title: 'Expired role',
  status: 'expired',
  expiresOn: '2026-11-01',
});
const closed = posting({
  id: '00000000-0000-4000-8000-00000000000c',
  title: 'Closed role',
  status: 'closed',
  closedReason: 'filled_elsewhere',
});

function RouterLink({ to, children }: { to: string; children: ReactNode }) {
  return <a href={to}>{children}</a>;
}

function setup(overrides: Partial<EmployerPostingsProps> = {}) {
  const props: EmployerPostingsProps = {
    read: { data: [live, expired, closed], error: null, refetch: vi.fn() },
    request: vi.fn(() => Promise.resolve({})),
    notify: vi.fn(),
    describeError: (error, fallback) => (error instanceof Error ? error.message : fallback),
    onChanged: vi.fn(),
    openPostForm: vi.fn(),
    returnTo: '/employer',
    posterEmail: 'hr@acme.example',
    LinkComponent: RouterLink,
    today: '2026-11-27',
    ...overrides,
  };
  render(<EmployerPostings {...props} />);
  return props;
}

const item = (title: string) => {
  const heading = screen.getByRole('heading', { name: title });
  const li = heading.closest('li');
  if (!li) throw new Error(`no item for ${title}`);
  return within(li);
};

describe('an employer’s postings', () => {
  it('when listed, then each shows its state, a closed one its reason, its last day and the actions its state allows', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Live role' })).toHaveAttribute(
      'href',
      `/jobs/${live.id}`,
    );
    expect(item('Live role').getByText('Live')).toBeInTheDocument();
    expect(item('Live role').getByText('Last day: Dec 31, 2026')).toBeInTheDocument();
    expect(item('Live role').queryByRole('button', { name: 'Relist' })).toBeNull();
    expect(item('Expired role').getByText('Expired')).toBeInTheDocument();
    expect(item('Expired role').getByRole('button', { name: 'Relist' })).toBeInTheDocument();
    expect(item('Closed role').getByText('Filled elsewhere')).toBeInTheDocument();
    expect(item('Closed role').queryByRole('button', { name: 'Close early' })).toBeNull();
  });

  it('when posts wait for review or were rejected, then they read "In review" and "Rejected" with the reason, without a page link or changes', () => {
    const inReview = posting({
      id: '00000000-0000-4000-8000-00000000000d',
      title: 'Held role',
      status: 'pending',
    });
    const refused = posting({
      id: '00000000-0000-4000-8000-00000000000e',
      title: 'Refused role',
      status: 'rejected',
      rejectionReason: 'The apply link asks for a fee',
    });
    const editing = posting({
      id: '00000000-0000-4000-8000-00000000000f',
      title: 'Edited role',
      editPending: true,
    });
    setup({ read: { data: [inReview, refused, editing], error: null, refetch: vi.fn() } });
    expect(item('Held role').getByText('In review')).toBeInTheDocument();
    expect(item('Held role').getByText(/once reviewed/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Held role' })).toBeNull();
    expect(item('Refused role').getByText('Rejected')).toBeInTheDocument();
    expect(
      item('Refused role').getByText('Reason: The apply link asks for a fee'),
    ).toBeInTheDocument();
    for (const title of ['Held role', 'Refused role']) {
      for (const action of ['Edit', 'Extend', 'Close early', 'Relist']) {
        expect(item(title).queryByRole('button', { name: action })).toBeNull();
      }
      expect(item(title).getByRole('button', { name: 'Duplicate' })).toBeInTheDocument();
    }
    expect(item('Edited role').getByText('Live')).toBeInTheDocument();
    expect(item('Edited role').getByText('Edit in review')).toBeInTheDocument();
  });

  it('when Close early is confirmed with an outcome, then the close call carries it and the list is read again', async () => {
    const props = setup();
    await userEvent.click(item('Live role').getByRole('button', { name: 'Close early' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this posting early' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'No longer hiring' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close posting' }));
    await waitFor(() => expect(props.onChanged).toHaveBeenCalled());
    expect(props.request).toHaveBeenCalledWith('POST', `/api/employer/jobs/${live.id}/close`, {
      outcome: 'not_hiring',
    });
    expect(props.notify).toHaveBeenCalledWith({
      title: 'Posting closed',
      description: 'Live role',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when the new closing date is not later or more than a year ahead, then it says so and sends nothing', async () => {
    const props = setup();
    await userEvent.click(item('Live role').getByRole('button', { name: 'Extend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend the closing date' });
    const input = within(dialog).getByLabelText(/^New closing date/);
    await userEvent.type(input, '2026-12-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(
      await within(dialog).findByText('The new closing date must be later than the current one'),
    ).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '2027-12-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(
      await within(dialog).findByText('The closing date can be at most one year ahead'),
    ).toBeInTheDocument();
    expect(props.request).not.toHaveBeenCalled();
  });

  it('when the server refuses an extension, then its message shows in the dialog and in a toast', async () => {
    const props = setup({
      request: vi.fn(() => Promise.reject(new Error('This posting is closed already'))),
    });
    await userEvent.click(item('Expired role').getByRole('button', { name: 'Extend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend the closing date' });
    await userEvent.type(within(dialog).getByLabelText(/^New closing date/), '2027-01-15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(await within(dialog).findByText('This posting is closed already')).toBeInTheDocument();
    expect(props.request).toHaveBeenCalledWith('POST', `/api/employer/jobs/${expired.id}/extend`, {
      closingDate: '2027-01-15',
    });
    expect(props.notify).toHaveBeenCalledWith({
      title: 'The change failed',
      description: 'This posting is closed already',
      variant: 'destructive',
    });
    expect(props.onChanged).not.toHaveBeenCalled();
  });

  it('when Relist, Edit or Duplicate is chosen, then it relists, or opens the post form with the posting', async () => {
    const props = setup();
    await userEvent.click(item('Closed role').getByRole('button', { name: 'Relist' }));
    await waitFor(() =>
      expect(props.request).toHaveBeenCalledWith(
        'POST',
        `/api/employer/jobs/${closed.id}/relist`,
        undefined,
      ),
    );
    await userEvent.click(item('Live role').getByRole('button', { name: 'Edit' }));
    expect(props.openPostForm).toHaveBeenCalledWith({
      edit: { job: live, returnTo: '/employer' },
    });
    await userEvent.click(item('Closed role').getByRole('button', { name: 'Duplicate' }));
    expect(props.openPostForm).toHaveBeenCalledWith({
      duplicate: { job: closed, posterEmail: 'hr@acme.example' },
    });
  });

  it('when the postings could not be read, then the reason shows with Retry', async () => {
    const refetch = vi.fn();
    setup({ read: { data: undefined, error: new Error('Too many requests'), refetch } });
    expect(screen.getByText('Too many requests')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('when there are no postings, then it says so and links to the post form', () => {
    setup({ read: { data: [], error: null, refetch: vi.fn() } });
    expect(screen.getByText('No postings yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post a Job' })).toHaveAttribute('href', '/post-job');
  });
});
