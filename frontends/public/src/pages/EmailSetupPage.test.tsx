import { MX_RECORDS } from '@b2g/contracts';
import { colors } from '@b2g/ui';
import { dismissToast } from '@b2g/web-platform';
import { fakeNetworkPerTest, renderPage } from '@b2g/web-platform/testing';
import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import EmailSetupPage from './EmailSetupPage.js';

const ALL_MX = MX_RECORDS.map(({ value }) => value);
const STEP_TITLES = ['Domain Verification', 'MX Records', 'SPF', 'DKIM', 'DMARC'];

const network = fakeNetworkPerTest();
beforeEach(() => {
  // The deployment's settings, none of them set (a test sets window.__B2G_CONFIG__ instead).
  network.on('GET', '/config.json', { json: {} });
});
afterEach(() => {
  delete window.__B2G_CONFIG__;
  act(() => dismissToast());
});

async function openWizard() {
  renderPage(<EmailSetupPage />, '/email-setup');
  return screen.findByRole('heading', { level: 1, name: 'Email DNS Setup' });
}

function progressItem(title: string) {
  const list = screen.getByRole('list', { name: 'Setup progress' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(title));
  if (!item) throw new Error(`no progress item for ${title}`);
  return item;
}

describe('email setup wizard', () => {
  it('when opened, then the five steps show and the first step lists its CNAME record', async () => {
    await openWizard();
    expect(screen.getByText('example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(
      STEP_TITLES.map((title, index) => `${index + 1}. ${title}`),
    );
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Domain Verification' })).toBeVisible();
    expect(within(panel).getByText('CNAME')).toBeVisible();
    expect(within(panel).getByText('3600')).toBeVisible();
    expect(within(panel).getByText(/5-15 minutes/)).toBeVisible();
    expect(screen.getByText(/MX records can take 15 minutes/)).toBeVisible();
  });

  it('when the config names an emailDomain, then the records are for that domain', async () => {
    window.__B2G_CONFIG__ = { emailDomain: 'agency.example' };
    await openWizard();
    await userEvent.click(screen.getByRole('tab', { name: '5. DMARC' }));
    expect(
      within(screen.getByRole('tabpanel')).getByText(
        'v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@agency.example; ruf=mailto:dmarc-forensics@agency.example',
      ),
    ).toBeVisible();
  });

  it('when stepping with Previous and Next, then they stop at steps 1 and 5', async () => {
    await openWizard();
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    for (let i = 0; i < 4; i += 1) await userEvent.click(next);
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(screen.getByRole('tab', { name: '5. DMARC' })).toHaveAttribute('aria-selected', 'true');
    expect(progressItem('DMARC')).toHaveAttribute('aria-current', 'step');
    await userEvent.click(previous);
    expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText(/First generate the DKIM key/)).toBeVisible();
  });

  it('when the MX step is open, then its five records show their priorities', async () => {
    await openWizard();
    await userEvent.click(screen.getByRole('tab', { name: '2. MX Records' }));
    const records = within(screen.getByRole('list', { name: 'MX Records records' })).getAllByRole(
      'listitem',
    );
    expect(records).toHaveLength(5);
    expect(
      records.map((record) => within(record).getByText('Priority').nextSibling?.textContent),
    ).toEqual(['1', '5', '5', '10', '10']);
  });

  it('when a record is copied, then its value is on the clipboard and a toast confirms it', async () => {
    const user = userEvent.setup();
    await openWizard();
    await user.click(screen.getByRole('tab', { name: '3. SPF' }));
    await user.click(screen.getByRole('button', { name: /^Copy TXT record value/ }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(screen.getByText('DNS record copied successfully')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(
      'v=spf1 include:_spf.google.com ~all',
    );
  });

  it('when every record checks out, then each step shows its badge and 5/5 is reported', async () => {
    network.on('GET', '/api/dns/check-email', {
      json: { verification: true, mx: ALL_MX, spf: true, dkim: true, dmarc: true },
    });
    await openWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Check DNS' }));
    const title = await screen.findByText('DNS Check Complete');
    expect(title.closest('li')).not.toHaveStyle({ backgroundColor: colors.destructive });
    expect(screen.getByText('5/5 records configured correctly')).toBeInTheDocument();
    expect(within(progressItem('Domain Verification')).getByText('Verified')).toBeVisible();
    for (const title of STEP_TITLES.slice(1)) {
      expect(within(progressItem(title)).getByText('Configured')).toBeVisible();
    }
    expect(within(screen.getByRole('tabpanel')).getByText('Verified')).toBeVisible();
    expect(screen.getByText('5 of 5 steps complete')).toBeInTheDocument();
  });

  it('when only four MX entries come back, then MX is not counted as configured', async () => {
    network.on('GET', '/api/dns/check-email', {
      json: { verification: false, mx: ALL_MX.slice(0, 4), spf: true, dkim: false, dmarc: true },
    });
    await openWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Check DNS' }));
    expect(await screen.findByText('2/5 records configured correctly')).toBeInTheDocument();
    expect(within(progressItem('SPF')).getByText('Configured')).toBeVisible();
    expect(within(progressItem('DMARC')).getByText('Configured')).toBeVisible();
    for (const title of ['Domain Verification', 'MX Records', 'DKIM']) {
      expect(within(progressItem(title)).queryByText(/Verified|Configured/)).toBeNull();
    }
  });

  it('when the check is running, then the button reads Checking... and is disabled', async () => {
    const release = network.hold('GET', '/api/dns/check-email', {
      json: { verification: true, mx: [], spf: false, dkim: false, dmarc: false },
    });
    await openWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Check DNS' }));
    expect(await screen.findByRole('button', { name: 'Checking...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Check DNS' })).toBeEnabled();
    expect(screen.getByText('1/5 records configured correctly')).toBeInTheDocument();
    expect(network.calls('GET', '/api/dns/check-email')).toHaveLength(1);
  });

  it('when the check fails, then a destructive "DNS Check Failed" toast says why', async () => {
    network.on('GET', '/api/dns/check-email', { status: 502, text: '' });
    await openWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Check DNS' }));
    const title = await screen.findByText('DNS Check Failed');
    expect(title.closest('li')).toHaveStyle({ backgroundColor: colors.destructive });
    expect(screen.getByText('Unable to verify DNS records')).toBeInTheDocument();
    expect(screen.getByText('0 of 5 steps complete')).toBeInTheDocument();
  });

  it('when the dns service answers 503 with its lookup error, then the toast says the spec text and the detail goes to the console', async () => {
    const detail = 'DNS lookup failed: queryMx ENOTFOUND example.com';
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      network.refuse('GET', '/api/dns/check-email', 'SERVICE_UNAVAILABLE', detail);
      await openWizard();
      await userEvent.click(screen.getByRole('button', { name: 'Check DNS' }));
      const title = await screen.findByText('DNS Check Failed');
      expect(title.closest('li')).toHaveStyle({ backgroundColor: colors.destructive });
      expect(screen.getByText('Unable to verify DNS records')).toBeInTheDocument();
      expect(screen.queryByText(detail)).not.toBeInTheDocument();
      expect(consoleError).toHaveBeenCalledWith(
        'DNS check failed',
        expect.objectContaining({ message: expect.stringContaining(detail) }),
      );
    } finally {
      consoleError.mockRestore();
    }
  });
});
