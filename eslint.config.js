// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import assayRules from './eslint-rules.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/migrations/**',
      'test-results/**',
      'playwright-report/**',
      '.e2e-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The web app never imports server code.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@assay/server', '@assay/server/*', '**/apps/server/**', '**/server/src/**'],
              message: 'The web app never imports server code: share through packages/domain.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      // The server never imports web code.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@assay/web', '@assay/web/*', '**/apps/web/**', '**/web/src/**'],
              message: 'The server never imports web code: share through packages/domain.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      // The domain package is pure: no I/O, no app code.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'fs',
                'path',
                'pg',
                'react',
                'react-dom',
                '@assay/server*',
                '@assay/web*',
                '**/apps/**',
              ],
              message: 'packages/domain is pure TypeScript with no I/O.',
            },
          ],
        },
      ],
    },
  },
  // No feature imports another feature's internals (ARCHITECTURE.md §6).
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { assay: assayRules },
    rules: { 'assay/no-cross-feature-imports': 'error' },
  },
);
