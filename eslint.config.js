import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.react-router/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '**/*.tmp.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // One translator per language on the server: components take useTranslation
  // from app/i18n/use-translation.ts, which keeps react-i18next's hook for the browser.
  // One metrics module: code counts what happens through app/utils/metrics.server.ts,
  // the only one that knows prom-client.
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/i18n/use-translation.ts', 'app/utils/metrics.server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation'],
              message: "Import useTranslation from '~/i18n/use-translation'.",
            },
            {
              name: 'prom-client',
              message: "Count through '~/utils/metrics.server'.",
            },
          ],
        },
      ],
    },
  },
  // The layers: the domain is pure (it imports only other domain modules), and
  // routes reach the database through the use cases, never directly: a route's
  // loader or action calls one page function (docs/server.md, "A route calls one
  // use case"), which parses the form and answers a refused one itself.
  {
    files: ['app/domain/**/*.{ts,tsx}'],
    ignores: ['app/domain/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/*', '!~/domain'],
              message: 'The domain is pure: it imports only other modules of app/domain.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/routes/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: 'Routes reach the database through the use cases.',
            },
            {
              name: '@conform-to/zod/v4',
              importNames: ['parseWithZod'],
              message: "A route's action calls one page function, which parses the form.",
            },
            {
              name: '~/utils/page-context.server',
              importNames: ['markFormRefused'],
              message: "A route's action calls one page function, which answers a refused form.",
            },
          ],
          patterns: [
            {
              group: ['~/db/*'],
              allowTypeImports: true,
              message:
                'Routes reach the database through the use cases (app/booking, app/traveller, app/staff, app/contact).',
            },
          ],
        },
      ],
    },
  },
  // The use cases and what they write with sit below the pages that call them:
  // app/booking and app/dispatch (and the storage, mail, message and audit modules under
  // them) never import the staff or traveller pages' modules, the routes or the
  // jobs that run them. What both sides need lives down here.
  {
    files: [
      'app/booking/**/*.{ts,tsx}',
      'app/dispatch/**/*.{ts,tsx}',
      'app/audit/**/*.{ts,tsx}',
      'app/db/**/*.{ts,tsx}',
      'app/mail/**/*.{ts,tsx}',
      'app/messages/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/staff/*', '~/traveller/*', '~/routes/*', '~/jobs/*'],
              message:
                'A use case does not import the layers above it: move what both need below (app/audit, app/db, app/booking).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server.js', 'scripts/**/*.mjs', 'tests/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        // scripts/screenshots.mjs runs a few lines inside the page
        window: 'readonly',
        document: 'readonly',
      },
    },
  },
)
