// Build-time contract of the module federation: which packages every frontend shares at run time.
// Host and remotes read the same list, so there is one React, one router, one query client, one
// emotion cache, one web-platform (auth, toaster) and one tooltip provider on the page.
import { readFileSync, realpathSync } from 'node:fs';

/**
 * Singletons the architecture names. The router and react-query are among them through
 * web-platform, which re-exports the pieces the frontends use (src/router.ts, src/query.ts):
 * shared whole, a package ships every export (react-router-dom about 69 KB gzip, react-query its
 * suspense, multi-query and hydration code); behind web-platform, tree shaking keeps what is used.
 */
export const SHARED_SINGLETONS = ['react', 'react-dom', '@emotion/react', '@b2g/web-platform'];

/**
 * Entry points of shared packages that code imports directly (the JSX runtimes, createRoot).
 * They must be shared too: otherwise each bundle carries its own copy, and emotion's JSX runtime
 * would bring a second emotion cache and theme context.
 */
export const SHARED_SUBPATHS = [
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom/client',
  '@emotion/react/jsx-runtime',
  '@emotion/react/jsx-dev-runtime',
];

/**
 * Modules shared by their files, not by a package name: `@b2g/ui`'s theme (src/theme.ts) and
 * base (buttons, display pieces, layout: src/base.ts), and lucide's icon base
 * (createLucideIcon and the Icon it renders). ui and the icons are bundled into each build,
 * tree-shaken; but the shell's header and footer and every remote's pages use these same
 * modules, so each first load carried them twice. Matched by the resolved file, a key catches
 * the relative imports that reach it (ui's `export * from './base.js'`, an icon's
 * `from '../createLucideIcon.mjs'`), so code keeps importing from '@b2g/ui' and
 * 'lucide-react/icons/…'. Each is shared whole: it holds only what the shell uses anyway.
 */
function sharedFilesOf(packageName, files) {
  const dir = realpathSync(new URL(`./node_modules/${packageName}`, import.meta.url));
  const { version } = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'));
  return Object.entries(files).map(([file, shareKey]) => [
    `${dir}/${file}`,
    { shareKey, singleton: true, eager: false, requiredVersion: `^${version}`, version },
  ]);
}
const SHARED_FILES = [
  ...sharedFilesOf('@b2g/ui', { 'src/theme.ts': '@b2g/ui/theme', 'src/base.ts': '@b2g/ui/base' }),
  ...sharedFilesOf('lucide-react', {
    'dist/esm/createLucideIcon.mjs': 'lucide-react/createLucideIcon',
  }),
];

const ownVersion = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
).version;

/** `react/jsx-runtime` → `react`, `@emotion/react/jsx-runtime` → `@emotion/react`. */
function packageOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function requiredVersionOf(pkg, request) {
  const name = packageOf(request);
  const declared = pkg.dependencies?.[name];
  if (!declared) {
    throw new Error(`${pkg.name}: shared package ${name} must be listed in "dependencies"`);
  }
  if (declared.startsWith('workspace:')) {
    if (name !== '@b2g/web-platform')
      throw new Error(`${pkg.name}: cannot resolve ${declared} of ${name}`);
    return `^${ownVersion}`;
  }
  return declared;
}

/**
 * How every frontend build reads its code: TypeScript and JSX through esbuild, workspace packages
 * from their TypeScript sources, and the contracts' sources marked free of side effects, so a
 * bundle keeps only the schemas and constants it imports (the shell needs a few constants, not
 * zod). Spread into a webpack configuration.
 */
export const sourceBuild = {
  resolve: {
    extensions: ['.tsx', '.ts', '.mjs', '.js'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    conditionNames: ['source', 'browser', 'import', 'module', 'default'],
  },
  module: {
    rules: [
      { test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
      // Self-hosted fonts (the shell's page head names them): one file each, content-hashed.
      {
        test: /\.woff2$/,
        type: 'asset/resource',
        generator: { filename: 'fonts/[name].[contenthash:8][ext]' },
      },
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        loader: 'esbuild-loader',
        options: { target: 'es2020', jsx: 'automatic', jsxImportSource: '@emotion/react' },
      },
    ],
  },
};

/**
 * The `shared` option of ModuleFederationPlugin for a frontend whose package.json is `pkg`:
 * singletons, `requiredVersion` from its package.json, never eager (each entry has an async
 * `import('./bootstrap')` boundary).
 */
export function sharedDependencies(pkg) {
  return Object.fromEntries([
    ...SHARED_FILES,
    ...[...SHARED_SINGLETONS, ...SHARED_SUBPATHS].map((name) => {
      const requiredVersion = requiredVersionOf(pkg, name);
      const config = { singleton: true, eager: false, requiredVersion };
      // A subpath folder has no package.json version of its own: give the package's (pinned) one.
      if (SHARED_SUBPATHS.includes(name) && /^\d+\.\d+\.\d+$/.test(requiredVersion)) {
        config.version = requiredVersion;
      }
      return [name, config];
    }),
  ]);
}
