// @vitest-environment node
import { css } from '@emotion/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { prerenderAll, prerenderHtml } from './prerender.js';
import { useQuery } from './query.js';
import { NavLink, useLocation } from './router.js';

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

function Featured() {
  const featured = useQuery<string[]>({ queryKey: ['/api/jobs/featured'] });
  return <p>{featured.isPending ? 'loading featured' : 'loaded'}</p>;
}

const Later = lazy(() => Promise.resolve({ default: () => <p>loaded later</p> }));

describe('prerenderHtml', () => {
  it('when a page renders at a path, then the router sees that path and the matching link is current', async () => {
    const html = await prerenderHtml(
      <>
        <Where />
        <NavLink to="/jobs" end>
          Jobs
        </NavLink>
      </>,
      '/jobs',
    );

    expect(html).toContain('<p>at <!-- -->/jobs</p>');
    expect(html).toContain('aria-current="page"');
  });

  it('when a page is styled with emotion, then its style comes beside its markup', async () => {
    const html = await prerenderHtml(<h1 css={css({ color: 'rebeccapurple' })}>Title</h1>, '/');

    expect(html).toMatch(
      /^<style data-emotion="css [\w-]+">\.css-[\w-]+\{color:rebeccapurple;\}<\/style><h1 class="css-[\w-]+">Title<\/h1>$/,
    );
  });

  it('when a page reads the API and waits for a lazy part, then it shows the read loading and the lazy part loaded', async () => {
    const html = await prerenderHtml(
      <>
        <Featured />
        <Suspense fallback={<p>waiting</p>}>
          <Later />
        </Suspense>
      </>,
      '/',
    );

    expect(html).toContain('<p>loading featured</p>');
    expect(html).toContain('<p>loaded later</p>');
    expect(html).not.toContain('waiting');
  });
});

function Broken(): never {
  throw new Error('no window here');
}

describe('prerenderHtml, when a part fails', () => {
  it('when a part inside a Suspense boundary throws, then the render fails instead of writing its loading state', async () => {
    await expect(
      prerenderHtml(
        <Suspense fallback={<p>waiting</p>}>
          <Broken />
        </Suspense>,
        '/',
      ),
    ).rejects.toThrow('The page at / failed to render');
  });
});

describe('prerenderAll', () => {
  it('when several pages are given, then each comes by its key', async () => {
    const rendered = await prerenderAll([
      { key: './Home', path: '/', element: <Where /> },
      { key: './Jobs', path: '/jobs', element: <Where /> },
    ]);

    expect(rendered).toEqual({
      './Home': '<p>at <!-- -->/</p>',
      './Jobs': '<p>at <!-- -->/jobs</p>',
    });
  });
});
