import { createQueryClient, PlatformProviders } from '@b2g/web-platform';
import { render, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'vitest';
import { Shell } from '../App.js';
import type { RemoteLoader } from '../federation/RemoteBoundary.js';

/** A remote page that renders its module name, loaded without the network. */
export const fakeRemotes: RemoteLoader = async (remote, module) => {
  const Page: ComponentType = () => <h1>{`${remote} ${module}`}</h1>;
  return { default: Page };
};

export function renderShell(
  path = '/',
  loadRemote: RemoteLoader = fakeRemotes,
  queryClient = createQueryClient(),
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PlatformProviders queryClient={queryClient}>
        <Shell loadRemote={loadRemote} />
      </PlatformProviders>
    </MemoryRouter>,
  );
}

/** Each named link (or menu item) inside `container` points to its address. */
export function expectHrefs(
  container: HTMLElement,
  role: 'link' | 'menuitem',
  hrefs: Record<string, string>,
) {
  for (const [name, href] of Object.entries(hrefs)) {
    expect(within(container).getByRole(role, { name })).toHaveAttribute('href', href);
  }
}
