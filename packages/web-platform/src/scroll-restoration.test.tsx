import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, useNavigate } from 'react-router-dom';
import { useScrollRestoration } from './scroll-restoration.js';

let scrollY = 0;
const scrollTo = vi.fn((_x: number, y: number) => {
  scrollY = y;
});

beforeEach(() => {
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

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Pages />
    </MemoryRouter>,
  );
}

describe('scroll restoration', () => {
  it('when the first page loads, then it is left where the browser placed it', () => {
    renderAt('/jobs');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('when a link opens another page, then it starts at the top', async () => {
    renderAt('/jobs');
    scrollPage(682);
    await userEvent.click(screen.getByRole('link', { name: 'Open a job' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(window.scrollY).toBe(0);
  });

  it('when the user goes back, then the earlier page returns to where it was left', async () => {
    renderAt('/jobs');
    scrollPage(682);
    await userEvent.click(screen.getByRole('link', { name: 'Open a job' }));
    scrollPage(120);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 682);
    expect(window.scrollY).toBe(682);
  });

  it('when only the query changes (a filter), then the position is kept', async () => {
    renderAt('/jobs');
    scrollPage(300);
    await userEvent.click(screen.getByRole('link', { name: 'Filter' }));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.scrollY).toBe(300);
  });
});
