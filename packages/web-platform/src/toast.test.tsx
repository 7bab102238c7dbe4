import { TOAST_DURATION_MS } from '@b2g/ui';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.js';
import { PlatformProviders } from './PlatformProviders.js';
import { Toaster } from './Toaster.js';
import { resetToasts, toast, useToast } from './toast.js';

afterEach(() => act(() => resetToasts()));

function Trigger() {
  const { toast: show } = useToast();
  return (
    <button
      type="button"
      onClick={() =>
        show({
          title: 'Login required',
          description: 'Please login to bookmark jobs.',
          variant: 'destructive',
        })
      }
    >
      show
    </button>
  );
}

describe('toaster', () => {
  it('when a toast is shown, then its title and description appear', async () => {
    render(
      <>
        <Trigger />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(await screen.findByText('Login required')).toBeInTheDocument();
    expect(screen.getByText('Please login to bookmark jobs.')).toBeInTheDocument();
  });

  it('when a second toast is shown, then only the newest is on screen (one at a time)', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Job bookmarked!', description: 'You can view it in your dashboard.' });
    });
    expect(await screen.findByText('Job bookmarked!')).toBeInTheDocument();
    act(() => {
      toast({ title: 'Bookmark removed', description: 'Job removed from your bookmarks.' });
    });
    expect(await screen.findByText('Bookmark removed')).toBeInTheDocument();
    expect(screen.queryByText('Job bookmarked!')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').length).toBeLessThanOrEqual(1);
  });

  it('when the close button is pressed, then the toast goes away', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Logged out' });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Logged out')).not.toBeInTheDocument());
  });

  it('uses the spec display time and the F8 viewport hotkey', async () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    render(<Toaster />);
    const viewport = screen.getByRole('region');
    expect(viewport).toHaveAttribute('aria-label', expect.stringContaining('F8'));
  });
});

describe('the page toaster', () => {
  it('when no toast was raised, then no toaster is on the page; the first toast brings it and shows', async () => {
    render(
      <MemoryRouter>
        <PlatformProviders queryClient={createQueryClient()}>
          <Trigger />
        </PlatformProviders>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('region', { name: /Notifications/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'show' }));

    expect(await screen.findByText('Login required')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });
});
