import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
  {
    // The router reaches the page once, through web-platform (see packages/web-platform/src/router.ts):
    // a bundle importing react-router-dom itself would carry a second router that sees no routes.
    files: ['frontends/*/src/**/*.{ts,tsx}', 'packages/web-platform/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'packages/web-platform/src/router.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          name: 'react-router-dom',
          message: "Import routing from '@b2g/web-platform', the one shared router.",
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'e2e/lighthouse.ts', 'infra/src/cli.ts', '**/bench/**', '**/src/seed/**'],
    rules: { 'no-console': 'off' },
  },
);
