import type { Job } from '@b2g/contracts';
import { fakeNetworkPerTest, renderPage, sampleJob } from '@b2g/web-platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import HomePage from './HomePage.js';

const network = fakeNetworkPerTest();

function featuredJob(overrides: Partial<Job>): Job {
  return sampleJob({
    title: 'Federal Account Executive',
    employerType: null,
    experienceLevel: null,
    ...overrides,
  });
}

describe('home page: search landing', () => {
  beforeEach(() => {
    network.on('GET', '/api/jobs/featured', { json: {} });
  });

  it('when only text is typed and Enter pressed, then it goes to /jobs with only search', async () => {
    renderPage(<HomePage />, '/');
    await userEvent.type(screen.getByPlaceholderText('Jobs, Companies, Location'), 'cloud{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/jobs\?search=cloud$/),
    );
  });

  it('when sector and function are chosen, then Search Jobs sends only those two', async () => {
    renderPage(<HomePage />, '/');
    await userEvent.click(screen.getByRole('combobox', { name: 'Sector' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SLED' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Function' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Technical' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search Jobs' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        /^\/jobs\?sector=STATE_LOCAL&jobFunction=technical$/,
      ),
    );
  });

  it('when nothing is filled, then Search Jobs goes to /jobs without parameters', async () => {
    renderPage(<HomePage />, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Search Jobs' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/jobs$/));
  });
});

describe('home page: featured opportunities', () => {
  it('when featured jobs are loading, then three grey skeletons show', async () => {
    network.on('GET', '/api/jobs/featured', () => new Promise(() => {}));
    renderPage(<HomePage />, '/');
    expect(await screen.findAllByTestId('featured-skeleton')).toHaveLength(3);
  });

  it('when featured jobs arrive, then each card shows its badges and links to its function', async () => {
    network.on('GET', '/api/jobs/featured', {
      json: {
        sales: featuredJob({}),
        marketing: featuredJob({
          title: 'SLED Marketing Lead',
          sector: 'STATE_LOCAL',
          jobFunction: 'marketing',
        }),
        technical: featuredJob({
          title: 'Solutions Engineer',
          company: 'Campus Cloud',
          sector: 'EDUCATION',
          jobFunction: 'technical',
        }),
      },
    });
    renderPage(<HomePage />, '/');
    // The title's link covers its card; the card is the article around it.
    const cardOf = (link: HTMLElement) => link.closest('article');
    const sales = await screen.findByRole('link', { name: /Federal Account Executive/ });
    expect(sales).toHaveAttribute('href', '/jobs?jobFunction=sales');
    expect(cardOf(sales)).toHaveTextContent('Sales');
    expect(cardOf(sales)).toHaveTextContent('Federal');
    expect(cardOf(sales)).toHaveTextContent('Acme Federal');
    expect(cardOf(sales)).toHaveTextContent('Arlington, VA');
    expect(cardOf(screen.getByRole('link', { name: /SLED Marketing Lead/ }))).toHaveTextContent(
      'SLED',
    );
    const technical = screen.getByRole('link', { name: /Solutions Engineer/ });
    expect(technical).toHaveAttribute('href', '/jobs?jobFunction=technical');
    expect(cardOf(technical)).not.toHaveTextContent(/Federal|SLED/);
    expect(screen.getByRole('link', { name: 'Campus Cloud' })).toHaveAttribute(
      'href',
      '/companies/campus-cloud',
    );
  });

  it('when a function has no featured job, then the dashed placeholder leads to /jobs', async () => {
    network.on('GET', '/api/jobs/featured', { json: { sales: featuredJob({}) } });
    renderPage(<HomePage />, '/');
    const placeholder = await screen.findByRole('link', { name: /No Marketing jobs yet/ });
    expect(placeholder).toHaveTextContent('View available positions in other functions');
    expect(placeholder).toHaveTextContent('View All Jobs →');
    expect(placeholder).toHaveAttribute('href', '/jobs');
    expect(screen.getByRole('link', { name: /No Technical jobs yet/ })).toBeInTheDocument();
  });

  it('when the featured jobs are rate limited (429), then an error with Retry shows, not empty slots', async () => {
    let answer = 0;
    network.on('GET', '/api/jobs/featured', () =>
      ++answer === 1
        ? {
            status: 429,
            json: {
              error: {
                code: 'RATE_LIMITED',
                message: 'Too many requests. Try again in 30 seconds.',
              },
            },
            headers: { 'Retry-After': '30' },
          }
        : { json: { sales: featuredJob({}) } },
    );
    renderPage(<HomePage />, '/');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Featured jobs could not be loaded');
    expect(alert).toHaveTextContent('Too many requests. Try again in 30 seconds.');
    expect(screen.queryByText(/No Sales jobs yet/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Federal Account Executive')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(network.calls('GET', '/api/jobs/featured')).toHaveLength(2);
  });
});
