import { fakeNetworkPerTest, renderPage } from '@b2g/web-platform/testing';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import LandingPage from './LandingPage.js';

const network = fakeNetworkPerTest();

function notifyMe() {
  return screen.getByRole('button', { name: 'Notify Me' });
}

describe('landing page', () => {
  it('when shown, then the launch headline, the fields and the footnote are there', () => {
    renderPage(<LandingPage />, '/landing');
    expect(screen.getByRole('heading', { level: 1, name: 'Launching in 2026' })).toBeVisible();
    expect(screen.getByText("We're building this now. Want updates?")).toBeVisible();
    expect(screen.getByLabelText('Email (optional)')).toHaveAttribute('type', 'email');
    expect(
      screen.getByRole('radiogroup', { name: 'Do you like this AI-generated logo?' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: /^[1-5]$/ })).toHaveLength(5);
    expect(screen.getByLabelText('Comments (optional)')).toBeInTheDocument();
    expect(screen.getByText(/numbers are early and purely for fun/)).toBeInTheDocument();
  });

  it('when only one of the yes/no answer and the rating is chosen, then Notify Me stays disabled', async () => {
    renderPage(<LandingPage />, '/landing');
    expect(notifyMe()).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(notifyMe()).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: '4' }));
    expect(notifyMe()).toBeEnabled();
  });

  it('when submitted, then the thank-you view shows and nothing is sent', async () => {
    renderPage(<LandingPage />, '/landing');
    await userEvent.type(screen.getByLabelText('Email (optional)'), 'jane@example.com');
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.click(screen.getByRole('radio', { name: '5' }));
    await userEvent.type(screen.getByLabelText('Comments (optional)'), 'Looking forward to it');
    await userEvent.click(notifyMe());
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeVisible();
    expect(
      screen.getByText(
        "Your feedback has been recorded. We'll keep you updated on our 2026 launch!",
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Notify Me' })).not.toBeInTheDocument();
    expect(network.requests).toHaveLength(0);
  });

  it('when the optional email is malformed, then its message shows instead of the thank-you', async () => {
    renderPage(<LandingPage />, '/landing');
    await userEvent.type(screen.getByLabelText('Email (optional)'), 'jane@');
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('radio', { name: '3' }));
    await userEvent.click(notifyMe());
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Thank You!' })).not.toBeInTheDocument();
  });
});
