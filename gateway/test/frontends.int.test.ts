import { mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDir, startGateway, startUpstream, type TestGateway } from './support.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/main.abc123.js"></script></body></html>';
const BIG_SCRIPT = `console.log(${JSON.stringify('federated '.repeat(500))});`;

const VENDOR_SCRIPT = `console.log(${JSON.stringify('precompressed '.repeat(500))});`;
const VENDOR_BR = brotliCompressSync(VENDOR_SCRIPT);
const VENDOR_GZ = gzipSync(VENDOR_SCRIPT);

function write(dir: string, file: string, content: string | Buffer): void {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), content);
}

/** A built shell whose pages have an empty #root: its route table and prerendered frames. */
function writeShell(
  dir: string,
  routes: { path: string; remote: string; module: string }[],
  frames: Record<string, string>,
): void {
  write(
    dir,
    'shell/index.html',
    '<!doctype html><html><head></head><body><div id=root></div></body></html>',
  );
  write(
    dir,
    'shell/preload.json',
    JSON.stringify({ bootstrap: ['bootstrap.1a2b3c4d.js'], routes }),
  );
  write(dir, 'shell/prerender.json', JSON.stringify(frames));
}

let bundles: string;
let gateway: TestGateway;

beforeAll(async () => {
  bundles = emptyDir();
  write(bundles, 'shell/index.html', INDEX_HTML);
  write(bundles, 'shell/assets/main.abc123.js', BIG_SCRIPT);
  write(bundles, 'shell/favicon.ico', 'icon');
  write(bundles, 'shell/assets/vendor.def456.js', VENDOR_SCRIPT);
  write(bundles, 'shell/assets/vendor.def456.js.br', VENDOR_BR);
  write(bundles, 'shell/assets/vendor.def456.js.gz', VENDOR_GZ);
  write(bundles, 'public/remoteEntry.js', 'remote entry');
  write(bundles, 'public/mf-manifest.json', '{"name":"public"}');
  write(bundles, 'public/src_pages_Jobs.1a2b3c4d5e.js', 'chunk');
  gateway = await startGateway({
    SHELL_DIR: join(bundles, 'shell'),
    MFE_PUBLIC_DIR: join(bundles, 'public'),
  });
});

afterAll(async () => {
  await gateway.close();
});

describe('shell and SPA fallback', () => {
  it.each(['/', '/dashboard', '/admin/jobs', '/reset-password?token=abc', '/no/such/page'])(
    'when a browser opens %s, then it gets the shell index.html, revalidated every time',
    async (path) => {
      const response = await fetch(`${gateway.url}${path}`);

      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX_HTML);
    },
  );

  it('when a content-hashed asset is requested, then it is cached for a year as immutable', async () => {
    const response = await fetch(`${gateway.url}/assets/main.abc123.js`);

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(await response.text()).toBe(BIG_SCRIPT);
  });

  it('when an asset without a content hash is requested, then it must be revalidated', async () => {
    const response = await fetch(`${gateway.url}/favicon.ico`);

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/assets/main.def456.js', '/assets/logo.png', '/humans.txt'])(
    'when a missing file %s is requested, then it is a real 404, not the shell',
    async (path) => {
      const response = await fetch(`${gateway.url}${path}`);

      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    },
  );

  it('when a page path is posted to, then it is a 404, not the shell', async () => {
    const response = await fetch(`${gateway.url}/dashboard`, { method: 'POST' });

    expect(response.status).toBe(404);
  });

  it('when the browser accepts gzip, then a large bundle is sent compressed', async () => {
    const response = await fetch(`${gateway.url}/assets/main.abc123.js`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });

    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe(BIG_SCRIPT);
  });

  it.each([
    ['gzip, deflate, br', 'br', VENDOR_BR.length],
    ['gzip', 'gzip', VENDOR_GZ.length],
  ])(
    'when the build wrote compressed copies and the browser accepts %s, then the %s copy is sent as it is',
    async (accepted, encoding, length) => {
      const response = await fetch(`${gateway.url}/assets/vendor.def456.js`, {
        headers: { 'Accept-Encoding': accepted },
      });

      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('content-length')).toBe(String(length));
      expect(response.headers.get('content-type')).toContain('javascript');
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(await response.text()).toBe(VENDOR_SCRIPT);
    },
  );

  it('when the browser accepts no compression, then the file itself is sent', async () => {
    const response = await fetch(`${gateway.url}/assets/vendor.def456.js`, {
      headers: { 'Accept-Encoding': 'identity' },
    });

    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(VENDOR_SCRIPT)));
    expect(await response.text()).toBe(VENDOR_SCRIPT);
  });

  it('when the shell has not been built, then / answers a 503 page saying so', async () => {
    const unbuilt = await startGateway({ SHELL_DIR: join(emptyDir(), 'dist') });
    try {
      const response = await fetch(`${unbuilt.url}/`);

      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('frontend is not built');
    } finally {
      await unbuilt.close();
    }
  });
});

describe('remotes', () => {
  it('when the shell asks for the manifest, then it lists each remote at its default place', async () => {
    const response = await fetch(`${gateway.url}/mfe/manifest.json`);

    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({
      public: '/mfe/public/mf-manifest.json',
      dashboard: '/mfe/dashboard/mf-manifest.json',
      admin: '/mfe/admin/mf-manifest.json',
    });
  });

  it('when the site settings are set, then /config.json serves them to the browser', async () => {
    const custom = await startGateway({
      EMAIL_DOMAIN: 'agency.example',
      CONTACT_EMAIL: 'hello@agency.example',
    });
    try {
      const response = await fetch(`${custom.url}/config.json`);

      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.json()).toEqual({
        emailDomain: 'agency.example',
        contactEmail: 'hello@agency.example',
      });
    } finally {
      await custom.close();
    }
  });

  it('when a remote is configured elsewhere, then the manifest points there', async () => {
    const custom = await startGateway({
      MFE_ADMIN_MANIFEST: 'https://cdn.example.gov/admin/mf-manifest.json',
    });
    try {
      const manifest = (await (await fetch(`${custom.url}/mfe/manifest.json`)).json()) as Record<
        string,
        string
      >;

      expect(manifest.admin).toBe('https://cdn.example.gov/admin/mf-manifest.json');
      expect(manifest.public).toBe('/mfe/public/mf-manifest.json');
    } finally {
      await custom.close();
    }
  });

  it.each([
    ['/mfe/public/remoteEntry.js', 'no-cache'],
    ['/mfe/public/mf-manifest.json', 'no-cache'],
    ['/mfe/public/src_pages_Jobs.1a2b3c4d5e.js', IMMUTABLE],
  ])(
    'when %s is requested from the remote folder, then it is served with Cache-Control %s',
    async (path, cacheControl) => {
      const response = await fetch(`${gateway.url}${path}`);

      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe(cacheControl);
    },
  );

  it.each([
    '/mfe/public/missing.js',
    '/mfe/public/page',
    '/mfe/unknown/remoteEntry.js',
    '/mfe/dashboard/remoteEntry.js',
  ])('when %s does not exist, then it is a 404, never the shell', async (path) => {
    const response = await fetch(`${gateway.url}${path}`);

    expect(response.status).toBe(404);
  });

  it('when a remote is served by an upstream such as a dev server, then its files come from there', async () => {
    const devServer = await startUpstream((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/javascript' });
      res.end(`served ${req.url}`);
    });
    const dev = await startGateway({ MFE_DASHBOARD_URL: `${devServer.url}/mfe/dashboard` });
    try {
      const response = await fetch(`${dev.url}/mfe/dashboard/remoteEntry.js`);

      expect(response.status).toBe(200);
      expect(await response.text()).toBe('served /mfe/dashboard/remoteEntry.js');
    } finally {
      await dev.close();
      await devServer.close();
    }
  });
});

describe('preloading what a page needs', () => {
  const PAGE_HTML =
    '<!doctype html><html><head><title>t</title><script defer src="/main.1a2b3c4d.js"></script></head><body></body></html>';
  const PLAN = {
    bootstrap: ['bootstrap.1a2b3c4d.js', '394.27634add.js'],
    routes: [
      { path: '/', remote: 'public', module: './HomePage', api: ['/api/jobs/featured'] },
      { path: '/jobs', remote: 'public', module: './JobsPage' },
      { path: '/jobs/:id', remote: 'public', module: './JobPage' },
    ],
  };
  const MANIFEST = {
    metaData: { publicPath: '/mfe/public/', remoteEntry: { name: 'remoteEntry.js' } },
    exposes: [
      {
        path: './HomePage',
        assets: { js: { sync: ['864.aa11bb22.js', 'expose_Home.cc33dd44.js'] } },
      },
      { path: './JobsPage', assets: { js: { sync: ['expose_Jobs.ee55ff66.js'] } } },
      { path: './JobPage', assets: { js: { sync: ['expose_Job.ab12cd34.js'] } } },
    ],
  };
  let site: TestGateway;

  beforeAll(async () => {
    const dir = emptyDir();
    write(dir, 'shell/index.html', PAGE_HTML);
    write(dir, 'shell/preload.json', JSON.stringify(PLAN));
    write(dir, 'public/mf-manifest.json', JSON.stringify(MANIFEST));
    site = await startGateway({
      SHELL_DIR: join(dir, 'shell'),
      MFE_PUBLIC_DIR: join(dir, 'public'),
    });
  });

  afterAll(async () => {
    await site.close();
  });

  const preloaded = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]);
  const fetched = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="fetch" href="([^"]+)" crossorigin>/g)].map(
      (m) => m[1],
    );

  it('when a browser opens /, then the HTML names the shell, the remote manifest, entry and the home page chunks', async () => {
    const html = await (await fetch(`${site.url}/`)).text();

    expect(fetched(html)).toEqual(['/mfe/public/mf-manifest.json']);
    expect(preloaded(html)).toEqual([
      '/bootstrap.1a2b3c4d.js',
      '/394.27634add.js',
      '/mfe/public/remoteEntry.js',
      '/mfe/public/864.aa11bb22.js',
      '/mfe/public/expose_Home.cc33dd44.js',
    ]);
    expect(html).toContain('<title>t</title>');
    // Ahead of the page's own script, which the browser would otherwise fetch first, at low priority.
    expect(html.indexOf('<link rel="preload"')).toBeLessThan(html.indexOf('<script'));
  });

  it('when a browser opens /jobs, then the HTML names the jobs page chunk instead', async () => {
    const html = await (await fetch(`${site.url}/jobs?search=sales`)).text();

    expect(preloaded(html)).toEqual([
      '/bootstrap.1a2b3c4d.js',
      '/394.27634add.js',
      '/mfe/public/remoteEntry.js',
      '/mfe/public/expose_Jobs.ee55ff66.js',
    ]);
  });

  it('when a job page is opened, then its route with a parameter names the job page chunk', async () => {
    const html = await (
      await fetch(`${site.url}/jobs/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed`)
    ).text();

    expect(preloaded(html)).toEqual([
      '/bootstrap.1a2b3c4d.js',
      '/394.27634add.js',
      '/mfe/public/remoteEntry.js',
      '/mfe/public/expose_Job.ab12cd34.js',
    ]);
    const deeper = await (await fetch(`${site.url}/jobs/abc/more`)).text();
    expect(preloaded(deeper)).toEqual(['/bootstrap.1a2b3c4d.js', '/394.27634add.js']);
  });

  it('when a page no remote renders is opened, then only the shell files are named', async () => {
    const html = await (await fetch(`${site.url}/no/such/page`)).text();

    expect(preloaded(html)).toEqual(['/bootstrap.1a2b3c4d.js', '/394.27634add.js']);
    expect(fetched(html)).toEqual([]);
  });

  it('when the browser has the page already, then it is answered 304 from its ETag', async () => {
    const etag = (await fetch(`${site.url}/`)).headers.get('etag') ?? '';
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a request with If-None-Match.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(`${site.url}/`, { headers: { 'If-None-Match': etag } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      }).on('error', reject);
    });

    expect(etag).not.toBe('');
    expect(status).toBe(304);
  });
});

describe('preloading with a remote manifest that names no files', () => {
  it('when the manifest has no entry or exposes, then pages still load with the shell files named', async () => {
    const dir = emptyDir();
    write(dir, 'shell/index.html', '<!doctype html><html><head></head><body></body></html>');
    write(
      dir,
      'shell/preload.json',
      JSON.stringify({
        bootstrap: ['bootstrap.1a2b3c4d.js'],
        routes: [{ path: '/', remote: 'public', module: './HomePage' }],
      }),
    );
    write(dir, 'public/mf-manifest.json', '{"name":"public"}');
    const site = await startGateway({
      SHELL_DIR: join(dir, 'shell'),
      MFE_PUBLIC_DIR: join(dir, 'public'),
    });
    try {
      const response = await fetch(`${site.url}/`);

      expect(response.status).toBe(200);
      expect(await response.text()).toContain(
        '<link rel="preload" as="script" href="/bootstrap.1a2b3c4d.js"></head>',
      );
    } finally {
      await site.close();
    }
  });
});

describe('a page whose frontends prerendered its first paint', () => {
  const SLOT = '<template data-b2g-page=""></template>';
  const FRAME = (path: string) => `<header>frame of ${path}</header><main>${SLOT}</main>`;
  let site: TestGateway;
  let dir: string;

  beforeAll(async () => {
    dir = emptyDir();
    writeShell(
      dir,
      [
        { path: '/', remote: 'public', module: './HomePage' },
        { path: '/jobs', remote: 'public', module: './JobsPage' },
        { path: '/pricing', remote: 'public', module: './PricingPage' },
        { path: '/jobs/:id', remote: 'public', module: './JobPage' },
        { path: '/dashboard', remote: 'dashboard', module: './DashboardPage' },
      ],
      {
        '/': FRAME('/'),
        '/jobs': FRAME('/jobs'),
        '/pricing': FRAME('/pricing'),
        '/dashboard': FRAME('/dashboard'),
      },
    );
    write(dir, 'public/mf-manifest.json', '{"name":"public"}');
    // $& in a page must reach the browser as written, not as a replacement pattern.
    write(
      dir,
      'public/prerender.json',
      JSON.stringify({ './HomePage': '<h1>Home $&amp; more</h1>', './JobsPage': '<h1>Jobs</h1>' }),
    );
    write(dir, 'dashboard/mf-manifest.json', '{"name":"dashboard"}');
    site = await startGateway({
      SHELL_DIR: join(dir, 'shell'),
      MFE_PUBLIC_DIR: join(dir, 'public'),
      MFE_DASHBOARD_DIR: join(dir, 'dashboard'),
    });
  });

  afterAll(async () => {
    await site.close();
  });

  const root = async (path: string) => {
    const html = await (await fetch(`${site.url}${path}`)).text();
    return /<div id=root>(.*)<\/div><\/body>/.exec(html)?.[1];
  };

  it('when a browser opens /, then the shell frame comes with the home page inside #root, inert until the live page replaces it', async () => {
    expect(await root('/')).toBe(
      '<div inert aria-busy="true"><header>frame of /</header><main><h1>Home $&amp; more</h1></main></div>',
    );
  });

  it('when /jobs is opened without a query, then it comes with its first paint and its feed links', async () => {
    const html = await (await fetch(`${site.url}/jobs`)).text();

    expect(html).toContain(
      '<div id=root><div inert aria-busy="true"><header>frame of /jobs</header><main><h1>Jobs</h1></main></div></div>',
    );
    expect(html).toContain('rel="alternate"');
  });

  it('when a page has a query string, then #root stays empty: its filters change what it shows', async () => {
    expect(await root('/jobs?search=sales')).toBe('');
    expect(await root('/?utm_source=mail')).toBe('');
  });

  it('when the remote prerendered no such page, or the shell no frame, then #root stays empty', async () => {
    expect(await root('/pricing')).toBe('');
    expect(await root('/dashboard')).toBe('');
    expect(await root('/jobs/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed')).toBe('');
    expect(await root('/no/such/page')).toBe('');
  });

  it('when a frontend is rebuilt without its prerendered pages, then the next page comes without them', async () => {
    write(dir, 'public/prerender.json', 'not json');

    // The file is read again once its change is seen.
    await expect.poll(() => root('/'), { timeout: 10_000, interval: 50 }).toBe('');
  });
});

describe('a remote served by an upstream of its own, as in compose and k8s', () => {
  const SLOT = '<template data-b2g-page=""></template>';
  const MANIFEST = {
    metaData: { publicPath: '/mfe/public/', remoteEntry: { name: 'remoteEntry.js' } },
    exposes: [{ path: './HomePage', assets: { js: { sync: ['expose_Home.cc33dd44.js'] } } }],
  };
  /** What the remote's container serves under /mfe/public/, changed by the tests. */
  const served = new Map<string, string>();
  let remote: Awaited<ReturnType<typeof startUpstream>>;
  let site: TestGateway;

  beforeAll(async () => {
    served.set('/mfe/public/mf-manifest.json', JSON.stringify(MANIFEST));
    served.set('/mfe/public/prerender.json', JSON.stringify({ './HomePage': '<h1>Home</h1>' }));
    remote = await startUpstream((req, res) => {
      const body = served.get(req.url ?? '');
      res.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'application/json' });
      res.end(body ?? '{}');
    });
    const dir = emptyDir();
    writeShell(dir, [{ path: '/', remote: 'public', module: './HomePage' }], {
      '/': `<main>${SLOT}</main>`,
    });
    site = await startGateway({
      SHELL_DIR: join(dir, 'shell'),
      MFE_PUBLIC_URL: `${remote.url}/mfe/public`,
    });
  });

  afterAll(async () => {
    await site.close();
    await remote.close();
  });

  const home = async () => (await fetch(`${site.url}/`)).text();

  it('when a browser opens /, then the HTML names the remote files and holds the first paint its upstream serves', async () => {
    await expect
      .poll(home, { timeout: 5_000 })
      .toContain('<div id=root><div inert aria-busy="true"><main><h1>Home</h1></main></div></div>');
    const html = await home();

    expect(html).toContain(
      '<link rel="preload" as="fetch" href="/mfe/public/mf-manifest.json" crossorigin>',
    );
    expect(html).toContain('<link rel="preload" as="script" href="/mfe/public/remoteEntry.js">');
    expect(html).toContain(
      '<link rel="preload" as="script" href="/mfe/public/expose_Home.cc33dd44.js">',
    );
    // Read once at start and then every few seconds, not for each page.
    const reads = remote.received.filter(({ url }) => url === '/mfe/public/prerender.json');
    expect(reads.length).toBeLessThanOrEqual(2);
  });

  it('when the remote is redeployed with another page, then the next pages bring it within seconds', async () => {
    served.set('/mfe/public/prerender.json', JSON.stringify({ './HomePage': '<h1>Home, v2</h1>' }));

    await expect.poll(home, { timeout: 12_000, interval: 500 }).toContain('<h1>Home, v2</h1>');
  }, 15_000);

  it('when the remote serves a prerendered page over 2 MB, then it is not taken', async () => {
    const huge = `<h1>${'x'.repeat(2_000_001)}</h1>`;
    served.set('/mfe/public/prerender.json', JSON.stringify({ './HomePage': huge }));

    await expect.poll(home, { timeout: 12_000, interval: 500 }).toContain('<div id=root></div>');
  }, 15_000);

  it('when the remote no longer serves its prerendered pages, then pages come without a first paint', async () => {
    served.delete('/mfe/public/prerender.json');

    await expect.poll(home, { timeout: 12_000, interval: 500 }).toContain('<div id=root></div>');
    expect(await home()).toContain('href="/mfe/public/remoteEntry.js"');
  }, 15_000);
});
