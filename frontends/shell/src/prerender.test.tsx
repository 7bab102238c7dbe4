// @vitest-environment node
import { SITE_NAME } from '@b2g/contracts';
import { prerenderHtml } from '@b2g/web-platform/prerender';
import { describe, expect, it } from 'vitest';
import { Shell } from './App.js';

const page = () => Promise.resolve({ default: () => <h1>the page</h1> });

describe("the shell's prerendered frame", () => {
  it('when it is rendered for the first paint, then the header offers no Sign In: a signed-in visitor would see it until the live page', async () => {
    const html = await prerenderHtml(<Shell loadRemote={page} />, '/');

    expect(html).toContain(SITE_NAME);
    expect(html).toContain('<h1>the page</h1>');
    expect(html).not.toContain('Sign In');
  });
});
