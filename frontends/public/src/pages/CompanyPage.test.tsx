import {
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_MESSAGES,
  type Company,
  type CompanyPageResponse,
} from '@b2g/contracts';
import { fakeNetworkPerTest, renderPage, sampleJob } from '@b2g/web-platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import CompanyPage from './CompanyPage.js';

const network = fakeNetworkPerTest();

const company: Company = {
  slug: 'acme-federal',
  name: 'Acme Federal',
  website: 'https://acme.example/',
  description: 'We sell to agencies.\nSince 1999.',
  logoUrl: `/api/companies/acme-federal/logo/${'a'.repeat(64)}.webp`,
};
const job = sampleJob({ title: 'Capture Manager', company: 'Acme Federal' });
const pageOf = (over: Partial<Company> = {}): CompanyPageResponse => ({
  company: { ...company, ...over },
  jobs: [job],
  head: { title: 't', description: 'd', canonicalUrl: 'u', jsonLd: {} },
});

/** The visitor: the admin, an employer session editing `employerSlugs`, or neither. */
function visitor({ admin = false, employerSlugs }: { admin?: boolean; employerSlugs?: string[] }) {
  // The note a link sign-in leaves in this browser: without it no employer call is made.
  if (employerSlugs)
    window.localStorage.setItem(
      'employerSessionUntil',
      new Date(Date.now() + 3_600_000).toISOString(),
    );
  else window.localStorage.removeItem('employerSessionUntil');
  network.on('GET', '/api/admin/status', { json: { isAdmin: admin, hasAdminPassword: true } });
  network.on(
    'GET',
    '/api/employer/companies',
    employerSlugs
      ? { json: employerSlugs.map((slug) => ({ ...company, slug })) }
      : { status: 401, json: { error: { code: 'UNAUTHORIZED', message: 'Sign in' } } },
  );
}

function open(body: CompanyPageResponse = pageOf()) {
  network.on('GET', '/api/companies/acme-federal', { json: body });
  renderPage(<CompanyPage />, '/companies/acme-federal', { pattern: '/companies/:slug' });
}

const png = (bytes = 10, type = 'image/png') =>
  new File([new Uint8Array(bytes)], 'logo.png', { type });

describe('company page', () => {
  it('when a visitor opens it, then the logo, name, website, description and open jobs show, and no edit', async () => {
    visitor({});
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Federal' })).toBeVisible();
    const logo = screen.getByRole('img', { name: 'Acme Federal logo' });
    expect(logo).toHaveAttribute('src', company.logoUrl);
    expect(logo).toHaveAttribute('width', '96');
    expect(logo).toHaveAttribute('height', '96');
    const website = screen.getByRole('link', { name: 'acme.example' });
    expect(website).toHaveAttribute('href', 'https://acme.example/');
    expect(website).toHaveAttribute('rel', 'noopener nofollow');
    expect(screen.getByText(/We sell to agencies/)).toBeVisible();
    const jobs = screen.getByRole('region', { name: 'Open jobs at Acme Federal' });
    expect(within(jobs).getByRole('heading', { name: 'Capture Manager' })).toBeVisible();
    expect(within(jobs).getByRole('link', { name: 'Acme Federal' })).toHaveAttribute(
      'href',
      '/companies/acme-federal',
    );
    await waitFor(() => expect(network.calls('GET', '/api/admin/status')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Edit company' })).not.toBeInTheDocument();
    expect(document.title).toContain('Acme Federal');
    // No employer link sign-in in this browser: no call that could only answer 401.
    expect(network.calls('GET', '/api/employer/companies')).toEqual([]);
  });

  it('when the company has no logo, website or description, then none of them shows', async () => {
    visitor({});
    open(pageOf({ logoUrl: null, website: null, description: null }));
    await screen.findByRole('heading', { level: 1, name: 'Acme Federal' });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'acme.example' })).not.toBeInTheDocument();
  });

  it('when the company is unknown, then it says so, as for an unknown job', async () => {
    visitor({});
    network.refuse('GET', '/api/companies/nobody', 'NOT_FOUND', COMPANY_MESSAGES.notFound);
    renderPage(<CompanyPage />, '/companies/nobody', { pattern: '/companies/:slug' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Company not found' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse all jobs' })).toHaveAttribute('href', '/jobs');
  });

  it('when the read fails otherwise, then Retry reads it again', async () => {
    visitor({});
    let calls = 0;
    network.on('GET', '/api/companies/acme-federal', () =>
      (calls += 1) === 1 ? { status: 500, text: 'down' } : { json: pageOf() },
    );
    renderPage(<CompanyPage />, '/companies/acme-federal', { pattern: '/companies/:slug' });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Federal' })).toBeVisible();
  });

  it('when the admin saves a description and a logo, then both calls are made, a toast shows and the page updates', async () => {
    visitor({ admin: true });
    const newLogo = `/api/companies/acme-federal/logo/${'b'.repeat(64)}.webp`;
    network.on('PATCH', '/api/admin/companies/acme-federal', (request) => ({
      json: { ...company, description: (request.body as { description: string }).description },
    }));
    network.on('PUT', '/api/admin/companies/acme-federal/logo', {
      json: { ...company, description: 'Capture experts.', logoUrl: newLogo },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit company' }));
    const form = await screen.findByRole('form', { name: 'Edit company' });
    const description = within(form).getByLabelText('Description');
    await userEvent.clear(description);
    await userEvent.type(description, 'Capture experts.');
    await userEvent.upload(within(form).getByLabelText('Logo'), png());
    await userEvent.click(within(form).getByRole('button', { name: 'Save company' }));

    expect((await screen.findAllByText(COMPANY_MESSAGES.saved)).length).toBeGreaterThan(0);
    expect(network.calls('PATCH', '/api/admin/companies/acme-federal')[0]?.body).toEqual({
      name: 'Acme Federal',
      website: 'https://acme.example/',
      description: 'Capture experts.',
    });
    const upload = network.calls('PUT', '/api/admin/companies/acme-federal/logo')[0];
    expect(upload?.headers.get('Content-Type')).toBe('image/png');
    expect(upload?.credentials).toBe('include');
    expect(screen.getByRole('img', { name: 'Acme Federal logo' })).toHaveAttribute('src', newLogo);
    expect(screen.getByText('Capture experts.')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Edit company' })).not.toBeInTheDocument();
  });

  it('when the logo is of another type or over 2 MB, then the contract says why and nothing is sent', async () => {
    visitor({ admin: true });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit company' }));
    const form = await screen.findByRole('form', { name: 'Edit company' });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(within(form).getByLabelText('Logo'), png(10, 'image/svg+xml'));
    expect(within(form).getByText(COMPANY_MESSAGES.logoType)).toBeVisible();
    await user.upload(within(form).getByLabelText('Logo'), png(COMPANY_LOGO_MAX_BYTES + 1));
    expect(within(form).getByText(COMPANY_MESSAGES.logoTooLarge)).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Save company' }));
    expect(network.calls('PATCH', '/api/admin/companies/acme-federal')).toEqual([]);
    expect(network.calls('PUT', '/api/admin/companies/acme-federal/logo')).toEqual([]);
  });

  it('when an employer session may edit the company, then it saves through the employer API; the server refusing shows its words', async () => {
    visitor({ employerSlugs: ['acme-federal'] });
    network.refuse(
      'PATCH',
      '/api/employer/companies/acme-federal',
      'FORBIDDEN',
      COMPANY_MESSAGES.notAllowed,
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit company' }));
    const form = await screen.findByRole('form', { name: 'Edit company' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save company' }));
    expect(await within(form).findByText(COMPANY_MESSAGES.notAllowed)).toBeVisible();
    expect(network.calls('PATCH', '/api/employer/companies/acme-federal')).toHaveLength(1);
  });

  it('when the employer session may edit other companies only, then there is no edit', async () => {
    visitor({ employerSlugs: ['other-co'] });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Acme Federal' });
    await waitFor(() => expect(network.calls('GET', '/api/employer/companies')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Edit company' })).not.toBeInTheDocument();
  });
});
