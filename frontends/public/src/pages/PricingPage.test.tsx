import { fakeNetworkPerTest, renderPage } from '@b2g/web-platform/testing';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import PricingPage from './PricingPage.js';

const network = fakeNetworkPerTest();

describe('pricing page', () => {
  it('when shown, then the plan states its price, billing and terms', () => {
    renderPage(<PricingPage />, '/pricing');
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(screen.getByText('$200')).toBeInTheDocument();
    expect(screen.getByText('per month')).toBeInTheDocument();
    expect(screen.getByText('Billed monthly. Cancel anytime.')).toBeInTheDocument();
    for (const feature of [
      'Unlimited job postings',
      'Priority customer support',
      '30-day money-back guarantee',
      'No setup fee',
    ]) {
      expect(screen.getByText(feature)).toBeInTheDocument();
    }
    expect(
      screen.getByText('Cards accepted, processed securely through our card payment provider.'),
    ).toBeVisible();
    expect(network.requests).toHaveLength(0);
  });

  it('when a plan button is chosen, then it leads to /contact', async () => {
    renderPage(<PricingPage />, '/pricing');
    expect(screen.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
    await userEvent.click(screen.getByRole('link', { name: 'Start Subscription' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/contact');
  });

  it('when reading the FAQ, then the four questions answer with links to /contact', () => {
    renderPage(<PricingPage />, '/pricing');
    const faq = screen.getByRole('region', { name: 'Frequently Asked Questions' });
    const questions = within(faq).getAllByRole('heading', { level: 3 });
    expect(questions.map((q) => q.textContent)).toEqual([
      'Can I cancel anytime?',
      'Do you offer refunds?',
      'What payment methods do you accept?',
      'Is there a setup fee?',
    ]);
    expect(within(faq).getByText(/30-day money-back guarantee/)).toBeInTheDocument();
    const links = within(faq).getAllByRole('link', { name: /contact us/i });
    expect(links).toHaveLength(4);
    for (const link of links) expect(link).toHaveAttribute('href', '/contact');
  });
});
