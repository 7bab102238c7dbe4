import { fakeNetworkPerTest, renderPage } from '@b2g/web-platform/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ContactPage from './ContactPage.js';

const network = fakeNetworkPerTest();
afterEach(() => {
  delete window.__B2G_CONFIG__;
});

describe('contact page', () => {
  it('when no contact e-mail is configured, then the default address is a mailto link', async () => {
    network.on('GET', '/config.json', { json: {} });
    renderPage(<ContactPage />, '/contact');
    const link = await screen.findByRole('link', { name: 'contact@b2gjobboard.com' });
    expect(link).toHaveAttribute('href', 'mailto:contact@b2gjobboard.com');
    expect(network.calls('GET', '/config.json')).toHaveLength(1);
  });

  it('when /config.json names a contactEmail, then that address is linked', async () => {
    network.on('GET', '/config.json', { json: { contactEmail: 'sales@agency.example' } });
    renderPage(<ContactPage />, '/contact');
    const link = await screen.findByRole('link', { name: 'sales@agency.example' });
    expect(link).toHaveAttribute('href', 'mailto:sales@agency.example');
  });

  it('when the page defines the config with a malformed address, then the default is used', async () => {
    window.__B2G_CONFIG__ = { contactEmail: 'not-an-address' };
    renderPage(<ContactPage />, '/contact');
    expect(await screen.findByRole('link', { name: 'contact@b2gjobboard.com' })).toHaveAttribute(
      'href',
      'mailto:contact@b2gjobboard.com',
    );
    expect(network.requests).toHaveLength(0);
  });
});
