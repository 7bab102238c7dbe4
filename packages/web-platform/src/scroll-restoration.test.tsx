import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, useNavigate } from 'react-router-dom';
import type { useScrollRestoration as Hook } from './scroll-restoration.js';

/** A fresh module per test: the page's one restorer starts with the test's first location. */
let useScrollRestoration: typeof Hook;

let scrollY = 0;
const scrollTo = vi.fn((_x: number, y: number) => {
  scrollY = y;
});

beforeEach(async () => {
  vi.resetModules();
  ({ useScrollRestoration } = await import('./scroll-restoration.js'));
  window.history.scrollRestoration = 'auto';
  scrollY = 0;
  scrollTo.mockClear();
  sessionStorage.clear();
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => vi.unstubAllGlobals());

/** The user scrolls the page to `y`. */
function scrollPage(y: number) {
  scrollY = y;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

function Pages() {
  useScrollRestoration();
  const navigate = useNavigate();
  return (
    <>
      <Link to="/jobs/1">Open a job</Link>
      <Link to="/jobs?sector=FEDERAL">Filter</Link>
      <button onClick={() => void navigate(-1)}>Back</button>
    </>
  );
}

/** Renders the pages at `path` and waits for the restorer, which loads after the first paint. */
async function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Pages />
    </MemoryRouter>,
  );
  await waitFor(() => expect(window.history.scrollRestoration).toBe('manual'));
}

describe('scroll restoration', () => {
  it('when the first page loads, then it is left where the browser placed it', async () => {
    await renderAt('/jobs');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('when a link opens another page, then it starts at the top', async () => {
    await renderAt('/jobs');
    scrollPage(682);
    await userEvent.click(screen.getByRole('link', { name: 'Open a job' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(window.scrollY).toBe(0);
  });

  it('when the user goes back, then the earlier page returns to where it was left', async () => {
    await renderAt('/jobs');
    scrollPage(682);
    await userEvent.click(screen.getByRole('link', { name: 'Open a job' }));
    scrollPage(120);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 682);
    expect(window.scrollY).toBe(682);
  });

  it('when only the query changes (a filter), then the position is kept', async () => {
    await renderAt('/jobs');
    scrollPage(300);
    await userEvent.click(screen.getByRole('link', { name: 'Filter' }));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.scrollY).toBe(300);
  });
});
