import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------- import boundaries
// A service's domain/ declares the ports it needs and imports nothing from data/, routes/ or
// events/; a package never imports a service; a frontend never reaches into another's internals
// (remotes are loaded through module federation). `no-restricted-imports` takes one option set per
// file, so each block below carries every restriction its files have.

/** Services whose domain/ has the service shape of ARCHITECTURE.md; a new one joins once it has. */
const SHAPED_SERVICES = ['analytics', 'auth', 'dns', 'jobs', 'sources', 'user-activity'];
const SERVICES = ['analytics', 'auth', 'dns', 'jobs', 'sources', 'user-activity'];
const FRONTENDS = ['shell', 'public', 'dashboard', 'admin'];

const domainOutward = {
  regex: String.raw`^\.\.?/(?:.*/)?(?:data|routes|events)/`,
  message: 'domain/ declares the ports it needs (data/ implements them) and returns its events.',
};
const servicesFromPackages = {
  regex: String.raw`^(?:@b2g/(?:${SERVICES.join('|')})(?:/|$)|(?:\.\./)+services/)`,
  message: 'A package must not import a service: services depend on packages, not the other way.',
};
const otherFrontends = (self) => {
  const others = FRONTENDS.filter((name) => name !== self).join('|');
  return {
    regex: String.raw`^(?:@b2g/(?:${others})(?:/|$)|(?:\.\./)+(?:frontends/)?(?:${others})/src/)`,
    message: `A frontend must not import another's internals (remotes load through module federation).`,
  };
};
/** The router reaches the page once, through web-platform (see packages/web-platform/src/router.ts). */
const routerOnce = {
  name: 'react-router-dom',
  message: "Import routing from '@b2g/web-platform', the one shared router.",
};
/** react-query too (packages/web-platform/src/query.ts): one query client, one copy of its code. */
const queryOnce = {
  name: '@tanstack/react-query',
  message: "Import react-query's hooks from '@b2g/web-platform', the one shared query client.",
};
const restrict = (options) => ['error', options];
const ROUTER_EXEMPT = [
  '**/*.test.{ts,tsx}',
  '**/test/**',
  'packages/web-platform/src/router.ts',
  // the `@b2g/web-platform/testing` entry: test helpers, never in a bundle.
  'packages/web-platform/src/testing*.{ts,tsx}',
  // the `@b2g/web-platform/prerender` entry: run by the builds in Node, never in a bundle.
  'packages/web-platform/src/prerender.tsx',
];

const boundaries = [
  ...SHAPED_SERVICES.map((service) => ({
    files: [`services/${service}/src/domain/**/*.ts`],
    rules: { 'no-restricted-imports': restrict({ patterns: [domainOutward] }) },
  })),
  {
    files: ['packages/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict({ patterns: [servicesFromPackages] }) },
  },
  {
    // a bundle importing react-router-dom itself would carry a second router that sees no routes.
    files: ['packages/web-platform/src/**/*.{ts,tsx}'],
    ignores: ROUTER_EXEMPT,
    rules: {
      'no-restricted-imports': restrict({ paths: [routerOnce], patterns: [servicesFromPackages] }),
    },
  },
  ...FRONTENDS.flatMap((frontend) => [
    {
      files: [`frontends/${frontend}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': restrict({ patterns: [otherFrontends(frontend)] }) },
    },
    {
      files: [`frontends/${frontend}/src/**/*.{ts,tsx}`],
      ignores: ROUTER_EXEMPT,
      rules: {
        'no-restricted-imports': restrict({
          paths: [routerOnce, queryOnce],
          patterns: [otherFrontends(frontend)],
        }),
      },
    },
  ]),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-monolith/**',
      '**/node_modules/**',
      '.data/**',
      '**/coverage/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    files: [
      'frontends/**/*.{ts,tsx}',
      'packages/ui/**/*.{ts,tsx}',
      'packages/web-platform/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...boundaries,
  {
    files: ['scripts/**', 'e2e/lighthouse.ts', 'infra/src/cli.ts', '**/bench/**', '**/src/seed/**'],
    rules: { 'no-console': 'off' },
  },
);
