/**
 * First-load JavaScript of the two pages visitors land on (`/` and `/jobs`), in gzip bytes, split
 * into shell, shared and remote chunks.
 *
 * Serves the production builds (frontends/{shell,public,dashboard,admin}/dist) on the same paths
 * as the gateway, opens each page in headless Chromium (DevTools protocol over a pipe), records every
 * script the page loads, and gzips each file (zlib's default level, for comparison over time);
 * the brotli column is the size of the .br copy the build wrote, which the gateway sends. Shared modules are recognised from the shell's and
 * the remotes' federation stats, which also shows that react and react-dom load once.
 *
 * Run after the four production builds: `pnpm --filter @b2g/shell measure` (CHROMIUM=path to
 * override the browser). Prints a table per page and writes dist/first-load.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const FRONTENDS = resolve(import.meta.dirname, '../..');
const REMOTES = ['public', 'dashboard', 'admin'] as const;
const PAGES = ['/', '/jobs'] as const;
const distOf = (app: string) => join(FRONTENDS, app, 'dist');
/** The same pages as one ordinary bundle (webpack.monolith.mjs), for comparison. */
const MONOLITH_DIST = join(FRONTENDS, 'shell', 'dist-monolith');
/** The issue's targets: first-load gzip bytes per page, and the federated build over the monolith. */
const MAX_FIRST_LOAD_GZIP = 170_000;
const MAX_RATIO_TO_MONOLITH = 1.15;
const SETTLE_MS = 1500;
const TIMEOUT_MS = 30_000;

interface SharedAssets {
  name: string;
  files: string[];
}

/** Which built files hold which shared package, per build (`/` for the shell, `/mfe/<r>/` for remotes). */
function sharedFiles(): Map<string, string> {
  const owner = new Map<string, string>();
  const read = (file: string, prefix: string) => {
    if (!existsSync(file)) return;
    const stats = JSON.parse(readFileSync(file, 'utf8')) as {
      shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
    };
    const list: SharedAssets[] = stats.shared.map((s) => ({
      name: s.name,
      files: [...s.assets.js.sync, ...s.assets.js.async],
    }));
    for (const { name, files } of list)
      for (const f of files)
        owner.set(
          `${prefix}${f}`,
          owner.has(`${prefix}${f}`) ? `${owner.get(`${prefix}${f}`)}, ${name}` : name,
        );
  };
  read(join(distOf('shell'), 'mf-stats.json'), '/');
  for (const remote of REMOTES) read(join(distOf(remote), 'mf-manifest.json'), `/mfe/${remote}/`);
  return owner;
}

function fileFor(pathname: string): string | null {
  for (const remote of REMOTES) {
    const prefix = `/mfe/${remote}/`;
    if (pathname.startsWith(prefix))
      return join(distOf(remote), normalize(pathname.slice(prefix.length)));
  }
  const file = join(distOf('shell'), normalize(pathname));
  return file.startsWith(distOf('shell')) ? file : null;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.html': 'text/html',
};

/** The monolith's files: one folder, its index.html for page paths. */
function monolithFileFor(pathname: string): string | null {
  const file = join(MONOLITH_DIST, normalize(pathname));
  return file.startsWith(MONOLITH_DIST) ? file : null;
}

/** The gateway's same-origin paths, from the build folders (or the monolith's folder). */
function serve(build: 'federated' | 'monolith'): Promise<Server> {
  const lookup = build === 'federated' ? fileFor : monolithFileFor;
  const indexHtml = join(build === 'federated' ? distOf('shell') : MONOLITH_DIST, 'index.html');
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/mfe/manifest.json') {
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify(Object.fromEntries(REMOTES.map((r) => [r, `/mfe/${r}/mf-manifest.json`]))),
      );
      return;
    }
    if (pathname.startsWith('/api/') || pathname === '/config.json') {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'application/json');
      res.end('{"error":{"code":"NOT_FOUND","message":"Not found"}}');
      return;
    }
    let file = lookup(pathname);
    if (!file || !existsSync(file) || statSync(file).isDirectory()) {
      if (pathname.startsWith('/mfe/')) {
        res.statusCode = 404;
        res.end();
        return;
      }
      file = indexHtml;
    }
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

/** Loads `url` in headless Chromium and returns the paths of the scripts it fetched. */
async function scriptsLoadedBy(url: string): Promise<string[]> {
  const browser = spawn(
    process.env.CHROMIUM ?? 'chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--remote-debugging-pipe',
      '--no-first-run',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toBrowser = browser.stdio[3] as NodeJS.WritableStream;
  const fromBrowser = browser.stdio[4] as NodeJS.ReadableStream;
  let nextId = 1;
  const pending = new Map<number, (result: Record<string, unknown>) => void>();
  const scripts = new Set<string>();
  let lastActivity = Date.now();
  let loaded = false;
  let buffer = '';
  fromBrowser.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let end: number;
    while ((end = buffer.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffer.slice(0, end)) as {
        id?: number;
        method?: string;
        result?: Record<string, unknown>;
        params?: { type?: string; request?: { url: string } };
      };
      buffer = buffer.slice(end + 1);
      if (message.id !== undefined) pending.get(message.id)?.(message.result ?? {});
      if (message.method === 'Network.requestWillBeSent') {
        lastActivity = Date.now();
        const requested = new URL(message.params?.request?.url ?? 'about:blank');
        if (requested.pathname.endsWith('.js')) scripts.add(requested.pathname);
      }
      if (message.method === 'Page.loadEventFired') loaded = true;
    }
  });
  const send = (method: string, params: object = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((ok) => {
      const id = nextId++;
      pending.set(id, ok);
      toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  try {
    const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as {
      sessionId: string;
    };
    await send('Network.enable', {}, sessionId);
    await send('Network.setCacheDisabled', { cacheDisabled: true }, sessionId);
    await send('Page.enable', {}, sessionId);
    await send('Page.navigate', { url }, sessionId);
    const started = Date.now();
    while (!(loaded && Date.now() - lastActivity > SETTLE_MS)) {
      if (Date.now() - started > TIMEOUT_MS)
        throw new Error(`${url} did not settle in ${TIMEOUT_MS} ms`);
      await new Promise((ok) => setTimeout(ok, 100));
    }
    return [...scripts];
  } finally {
    browser.kill();
  }
}

type Kind = 'shell' | 'shared' | 'remote';

/** Loads one page, prints its table and whether react and react-dom came from one build. */
async function measurePage(url: string, page: string, owners: Map<string, string>) {
  const paths = await scriptsLoadedBy(url);
  const rows = paths.map((path) => {
    const file = fileFor(path);
    const bytes = file && existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
    const shared = owners.get(path);
    const kind: Kind = shared ? 'shared' : path.startsWith('/mfe/') ? 'remote' : 'shell';
    const brotliFile = file ? `${file}.br` : undefined;
    const brotli = brotliFile && existsSync(brotliFile) ? statSync(brotliFile).size : undefined;
    const gzip = gzipSync(bytes).length;
    return { path, kind, shared: shared ?? '', raw: bytes.length, gzip, brotli: brotli ?? gzip };
  });
  const total = (kind?: Kind, size: 'gzip' | 'brotli' = 'gzip') =>
    rows.filter((r) => !kind || r.kind === kind).reduce((sum, r) => sum + r[size], 0);
  const copies = (name: string) =>
    rows.filter((r) => r.shared.split(', ').includes(name)).map((r) => r.path);
  const out = process.stdout;
  out.write(
    `First-load JavaScript of ${page} (gzip bytes)\n\n| file | kind | shared package | raw | gzip | brotli |\n|---|---|---|---:|---:|---:|\n`,
  );
  for (const r of rows.sort((a, b) => a.kind.localeCompare(b.kind) || b.gzip - a.gzip)) {
    out.write(`| ${r.path} | ${r.kind} | ${r.shared} | ${r.raw} | ${r.gzip} | ${r.brotli} |\n`);
  }
  out.write(
    `\nshell ${total('shell')} + shared ${total('shared')} + remote ${total('remote')} = ${total()} bytes gzip; ${total(undefined, 'brotli')} bytes sent as brotli\n`,
  );
  const react = copies('react');
  const reactDom = copies('react-dom');
  out.write(
    `react loaded from: ${react.join(', ') || 'nowhere'}\nreact-dom loaded from: ${reactDom.join(', ') || 'nowhere'}\n`,
  );
  const fromOneBuild = (files: string[]) =>
    new Set(files.map((f) => (f.startsWith('/mfe/') ? f.split('/')[2] : 'shell'))).size === 1;
  const single =
    react.length > 0 && reactDom.length > 0 && fromOneBuild(react) && fromOneBuild(reactDom);
  out.write(
    single
      ? 'react and react-dom: one copy each (the shell provides them)\n\n'
      : 'WARNING: react or react-dom loaded from more than one build\n\n',
  );
  const summary = {
    shell: total('shell'),
    shared: total('shared'),
    remote: total('remote'),
    total: total(),
    brotli: total(undefined, 'brotli'),
    rows,
  };
  return { summary, single };
}

/** First-load gzip bytes of a page of the monolith build. */
async function monolithFirstLoad(url: string): Promise<number> {
  const paths = await scriptsLoadedBy(url);
  return paths.reduce((sum, path) => {
    const file = monolithFileFor(path);
    return sum + (file && existsSync(file) ? gzipSync(readFileSync(file)).length : 0);
  }, 0);
}

async function measureMonolith(): Promise<Record<string, number>> {
  if (!existsSync(MONOLITH_DIST))
    throw new Error(
      'Build the monolith first: webpack --mode production --config webpack.monolith.mjs',
    );
  const server = await serve('monolith');
  const { port } = server.address() as AddressInfo;
  try {
    const sizes: Record<string, number> = {};
    for (const page of PAGES)
      sizes[page] = await monolithFirstLoad(`http://127.0.0.1:${port}${page}`);
    return sizes;
  } finally {
    server.close();
  }
}

async function main(): Promise<void> {
  for (const app of ['shell', ...REMOTES]) {
    if (!existsSync(distOf(app)))
      throw new Error(`Build ${app} first: pnpm --filter @b2g/${app} build`);
  }
  const owners = sharedFiles();
  const monolith = await measureMonolith();
  const server = await serve('federated');
  const { port } = server.address() as AddressInfo;
  try {
    const report: Record<string, unknown> = {};
    let allMet = true;
    const verdict = (ok: boolean) => {
      allMet &&= ok;
      return ok ? 'met' : 'NOT met';
    };
    const lines: string[] = [];
    for (const page of PAGES) {
      const measured = await measurePage(`http://127.0.0.1:${port}${page}`, page, owners);
      const ratio = measured.summary.total / (monolith[page] ?? Number.NaN);
      report[page] = { ...measured.summary, monolith: monolith[page], ratioToMonolith: ratio };
      lines.push(
        `${page}: ${measured.summary.total} bytes gzip (≤ ${MAX_FIRST_LOAD_GZIP}: ${verdict(measured.summary.total <= MAX_FIRST_LOAD_GZIP)}); ` +
          `monolith ${monolith[page]}, ratio ${ratio.toFixed(2)}x (≤ ${MAX_RATIO_TO_MONOLITH}x: ${verdict(ratio <= MAX_RATIO_TO_MONOLITH)}); ` +
          `react and react-dom once: ${verdict(measured.single)}`,
      );
    }
    process.stdout.write(`Targets
${lines.join('\n')}
`);
    writeFileSync(join(distOf('shell'), 'first-load.json'), JSON.stringify(report, null, 2));
    if (!allMet) process.exitCode = 1;
  } finally {
    server.close();
  }
}

await main();
