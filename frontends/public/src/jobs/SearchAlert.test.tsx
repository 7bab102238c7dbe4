import {
  apiError,
  fakeNetworkPerTest,
  renderPage,
  signIn as signInAs,
} from '@b2g/web-platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SearchAlertButton } from './SearchAlert.js';

const network = fakeNetworkPerTest();
const signIn = () => signInAs(network);

const QUERY = {
  search: 'capture manager',
  sector: 'FEDERAL',
  jobFunction: 'sales',
  remote: 'remote',
};

async function openDialog(query: Record<string, string> = QUERY) {
  renderPage(<SearchAlertButton query={query} />, '/jobs');
  await userEvent.click(await screen.findByRole('button', { name: 'Get alerts for this search' }));
  return screen.findByRole('dialog', { name: 'Get alerts for this search' });
}

async function choose(dialog: HTMLElement, frequency: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'How often' }));
  await userEvent.click(await screen.findByRole('option', { name: frequency }));
}

const savedSearch = (overrides: object = {}) => ({
  id: '6f1c1f7e-8d2a-4c35-9a43-0c2b9a1d7e10',
  name: '“capture manager” · Federal · Sales · Remote',
  query: QUERY,
  frequency: 'daily',
  active: true,
  createdAt: '2026-01-05T10:00:00.000Z',
  lastSentAt: null,
  newMatches: 0,
  ...overrides,
});

describe('alert dialog: the search it covers', () => {
  it('when it opens, then it names the search in words: its text and its filters', async () => {
    const dialog = await openDialog();
    const search = within(dialog).getByRole('region', { name: 'The search' });
    expect(search).toHaveTextContent('“capture manager” · Federal · Sales · Remote');
  });

  it('when the search has no filters, then it says it covers all jobs', async () => {
    const dialog = await openDialog({});
    expect(within(dialog).getByRole('region', { name: 'The search' })).toHaveTextContent(
      'All jobs',
    );
  });
});

describe('alert dialog: visitors', () => {
  it('when a visitor changes the daily default to weekly, then the alert is asked for weekly', async () => {
    network.on('POST', '/api/alerts/subscribe', {
      status: 202,
      json: { message: 'Check your e-mail: open the link we sent to start your alert.' },
    });
    const dialog = await openDialog();
    expect(within(dialog).getByRole('combobox', { name: 'How often' })).toHaveTextContent('Daily');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await choose(dialog, 'Weekly');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    await within(dialog).findByText(/Check your e-mail/);
    expect(network.calls('POST', '/api/alerts/subscribe')[0]?.body).toMatchObject({
      frequency: 'weekly',
    });
  });

  it('when the address has this alert already, then the dialog says so, with how often it goes', async () => {
    network.on('POST', '/api/alerts/subscribe', {
      status: 200,
      json: {
        message:
          'This address already gets this alert. Change or stop it from the links in any alert e-mail.',
        existing: true,
        pendingConfirmation: false,
        alert: {
          name: '“capture”',
          query: { search: 'capture' },
          frequency: 'instant',
          active: true,
        },
      },
    });
    const dialog = await openDialog({ search: 'capture' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await within(dialog).findByText(/You already have an alert for this search \(instant\)/),
    ).toHaveTextContent('Change or stop it from the links in any alert e-mail.');
    expect(within(dialog).queryByText(/Check your e-mail/)).not.toBeInTheDocument();
  });
});

describe('alert dialog: signed-in users', () => {
  it('when a signed-in user asks for alerts, then the same dialog asks how often (no address), saves the search and a toast names it', async () => {
    signIn();
    network.on('POST', '/api/user/saved-searches', {
      status: 201,
      json: savedSearch({ name: '“capture”', query: { search: 'capture' }, frequency: 'instant' }),
    });
    const dialog = await openDialog({ search: 'capture' });
    expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
    await choose(dialog, 'Instant');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByText('Alert saved')).toBeInTheDocument();
    expect(screen.getByText('“capture”: manage it on your dashboard.')).toBeInTheDocument();
    expect(network.calls('POST', '/api/user/saved-searches')[0]?.body).toEqual({
      query: { search: 'capture' },
      frequency: 'instant',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('when a signed-in user keeps the default, then the alert is daily, as a visitor’s', async () => {
    signIn();
    network.on('POST', '/api/user/saved-searches', { status: 201, json: savedSearch() });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    await screen.findByText('Alert saved');
    expect(network.calls('POST', '/api/user/saved-searches')[0]?.body).toEqual({
      query: QUERY,
      frequency: 'daily',
    });
  });

  it('when the user has this search already, then the dialog says the alert exists and where to change it, and stays open', async () => {
    signIn();
    network.on('POST', '/api/user/saved-searches', {
      status: 200,
      json: savedSearch({ frequency: 'weekly' }),
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    expect(
      await within(dialog).findByText(/You already have an alert for this search \(weekly\)/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getByRole('dialog', { name: 'Get alerts for this search' })).toBeInTheDocument();
  });

  it('when saving fails, then the dialog says why and keeps the form', async () => {
    signIn();
    network.on(
      'POST',
      '/api/user/saved-searches',
      apiError('CONFLICT', 'You can keep at most 50 saved searches'),
    );
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    expect(
      await within(dialog).findByText('You can keep at most 50 saved searches'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save alert' })).toBeEnabled();
  });
});
