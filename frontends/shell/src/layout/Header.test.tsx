import { fakeNetworkPerTest, sampleUser, signIn as signInAs } from '@b2g/web-platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectHrefs, renderShell } from '../test/render.js';

const network = fakeNetworkPerTest();
beforeEach(() => {
  network.on('GET', '/api/admin/status', { json: { isAdmin: false, hasAdminPassword: false } });
});

const signIn = (user = sampleUser()) => signInAs(network, user);

function desktopNav(): HTMLElement {
  const nav = document.querySelector<HTMLElement>('nav[aria-label="Main"]');
  if (!nav) throw new Error('no main navigation');
  return nav;
}

describe('header', () => {
  // The desktop bar is shown by a min-width media query, which jsdom does not evaluate: to jsdom
  // it is hidden, so it has no accessible names and is found by its attributes and text.
  it('when signed out, then it shows the five links, highlights the current one and offers Sign In', async () => {
    renderShell('/pricing');
    const nav = desktopNav();
    const links = within(nav).getAllByRole('link', { hidden: true });
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Jobs', '/jobs'],
      ['Post a Job', '/post-job'],
      ['Pricing', '/pricing'],
      ['Contact', '/contact'],
    ]);
    expect(within(nav).getByText('Pricing')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByText('Home')).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Sign In')).toHaveAttribute('href', '/login');
  });

  it('when signed in, then the user menu shows first name, full name, email, Dashboard, Profile and Sign Out', async () => {
    signIn();
    renderShell('/');
    const trigger = await screen.findByRole('button', {
      name: /account menu for jane/i,
      expanded: false, // the menu's trigger, once it has loaded
    });
    expect(trigger).toHaveTextContent('Jane');
    expect(screen.queryByText('Sign In')).not.toBeInTheDocument();
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(menu).getByText('jane@example.com')).toBeInTheDocument();
    expectHrefs(menu, 'menuitem', { Dashboard: '/dashboard', Profile: '/profile' });
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('when the user has no first name, then the menu shows the username', async () => {
    signIn(sampleUser({ firstName: '' }));
    renderShell('/');
    expect(await screen.findByRole('button', { name: /account menu for jdoe/i })).toHaveTextContent(
      'jdoe',
    );
  });

  it('when Sign Out is chosen, then the session is cleared and Sign In comes back', async () => {
    signIn();
    network.on('POST', '/api/auth/logout', { json: { success: true } });
    renderShell('/');
    await userEvent.click(await screen.findByRole('button', { name: /account menu/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByText('Sign In')).toHaveAttribute('href', '/login');
    expect(window.localStorage.getItem('authToken')).toBeNull();
    await waitFor(() => expect(network.calls('POST', '/api/auth/logout')).toHaveLength(1));
  });

  it('when the mobile menu is opened, then it lists the links plus Sign In and closes when a link is chosen', async () => {
    renderShell('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(
      within(mobile)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Jobs', 'Post a Job', 'Pricing', 'Contact', 'Sign In']);
    await userEvent.click(within(mobile).getByRole('link', { name: 'Jobs' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'public ./JobsPage' })).toBeInTheDocument();
  });
});
