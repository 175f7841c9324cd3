import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/cdk.out/**',
      '.data/**',
      '.cognito/**',
      '.e2e-artifacts/**',
      'coverage/**',
      'bench/tmp/**',
      // Samples the lint checks must refuse (test/lint-habits.test.ts).
      'test/lint-samples/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // One zod: contract/src/zod.ts sets the English messages before any schema parses.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^zod(/.*)?$',
              message: "Import zod from '@khelaghor/contract/zod' (in contract: './zod').",
            },
          ],
        },
      ],
    },
  },
  { files: ['contract/src/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The floors (docs/architecture.md): each layer imports only the layers below it, in every
    // workspace.
    files: [
      '{contract,functions,infra,events,local,e2e,bench,test}/**/*.{ts,mjs,cjs,js}',
      'web/src/**/*.{ts,tsx}',
    ],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: { alwaysTryTypes: true, project: ['tsconfig.json', 'web/tsconfig.json'] },
      },
      'boundaries/include': ['{contract,functions,infra,events,local,e2e,bench,test}/**', 'web/src/**'],
      // Lazy imports (React.lazy routes) count like static ones.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        { type: 'contract', pattern: 'contract/src', mode: 'folder' },
        { type: 'domain', pattern: 'functions/src/domain', mode: 'folder' },
        { type: 'runtime', pattern: 'functions/src/runtime', mode: 'folder' },
        { type: 'db', pattern: 'functions/src/db', mode: 'folder' },
        { type: 'clients', pattern: 'functions/src/clients', mode: 'folder' },
        { type: 'use-cases', pattern: 'functions/src/use-cases', mode: 'folder' },
        { type: 'kit', pattern: 'functions/src/kit', mode: 'folder' },
        { type: 'handlers', pattern: 'functions/src/handlers', mode: 'folder' },
        // The SPA's message catalogs: the Bangla browser test reads them.
        { type: 'web-catalog', pattern: 'web/src/**/i18n/*.json', mode: 'full' },
        { type: 'web-feature', pattern: 'web/src/features/*', mode: 'folder', capture: ['feature'] },
        { type: 'web-shared', pattern: 'web/src/shared', mode: 'folder' },
        { type: 'web-test', pattern: 'web/src/test', mode: 'folder' },
        { type: 'web-app', pattern: 'web/src/*', mode: 'file' },
        // Tests and their helpers (functions/test, test/, infra/test, local and bench *.test.ts)
        // may reach any server-side floor to set up and observe what they test.
        {
          type: 'tests',
          pattern: [
            'functions/test/**',
            'test/**',
            'infra/test/**',
            '{local,bench,events,infra}/**/*.test.ts',
          ],
          mode: 'full',
        },
        { type: 'events', pattern: 'events/**', mode: 'full' },
        // infra's public entry points for others: the Lambda bundling options and the one build of
        // every function (the bench sizes the very bundles infra deploys).
        { type: 'infra-entry', pattern: 'infra/src/{lambda-bundling,lambda-bundles}.ts', mode: 'full' },
        { type: 'infra', pattern: 'infra/**', mode: 'full' },
        // local's public entry points: the whole stack and the pieces others start on their own.
        {
          type: 'local-entry',
          pattern: 'local/src/{stack,api-server,admin-mfa,mail-server,net,handler-env}.ts',
          mode: 'full',
        },
        { type: 'local', pattern: 'local/**', mode: 'full' },
        // e2e's public entry point for others: its HTTP client for the stack's API.
        { type: 'e2e-entry', pattern: 'e2e/src/api.ts', mode: 'full' },
        { type: 'e2e', pattern: 'e2e/**', mode: 'full' },
        { type: 'bench', pattern: 'bench/**', mode: 'full' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: '${file.type} must not import ${dependency.type} (floors: docs/architecture.md)',
          rules: [
            { from: 'contract', allow: ['contract'] },
            { from: 'domain', allow: ['contract', 'domain'] },
            { from: 'runtime', allow: ['contract', 'runtime'] },
            { from: 'db', allow: ['contract', 'domain', 'runtime', 'db'] },
            { from: 'clients', allow: ['contract', 'domain', 'runtime', 'db', 'clients'] },
            { from: 'use-cases', allow: ['contract', 'domain', 'runtime', 'db', 'clients', 'use-cases'] },
            { from: 'kit', allow: ['contract', 'domain', 'runtime', 'db', 'clients', 'kit'] },
            {
              from: 'handlers',
              allow: ['contract', 'domain', 'runtime', 'db', 'clients', 'use-cases', 'kit', 'handlers'],
            },
            { from: 'web-shared', allow: ['contract', 'web-shared'] },
            {
              from: 'web-feature',
              allow: ['contract', 'web-shared', ['web-feature', { feature: '${from.feature}' }]],
            },
            { from: 'web-app', allow: ['contract', 'web-shared', 'web-feature', 'web-app'] },
            { from: 'web-test', allow: ['contract', 'web-shared', 'web-feature', 'web-app', 'web-test'] },
            { from: ['web-shared', 'web-feature', 'web-app', 'web-test'], allow: ['web-catalog'] },
            { from: 'events', allow: ['contract', 'events'] },
            { from: ['infra', 'infra-entry'], allow: ['contract', 'infra', 'infra-entry'] },
            // The local stack runs the server's code only through its flows, handlers and table.
            {
              from: ['local', 'local-entry'],
              allow: ['contract', 'events', 'local', 'local-entry', 'db', 'use-cases', 'handlers'],
            },
            // The browser tests and the bench use the others through their public entry points:
            // the contract, the local stack's, the server's flows, handlers and table, the tests'
            // helpers (the bench also infra's bundling, the browser tests the SPA's catalogs).
            {
              from: ['e2e', 'e2e-entry'],
              allow: [
                'contract',
                'e2e',
                'e2e-entry',
                'local-entry',
                'db',
                'use-cases',
                'handlers',
                'tests',
                'web-catalog',
              ],
            },
            {
              from: 'bench',
              allow: [
                'contract',
                'bench',
                'e2e-entry',
                'local-entry',
                'db',
                'use-cases',
                'handlers',
                'tests',
                'infra-entry',
              ],
            },
            {
              from: 'tests',
              allow: [
                'contract',
                'domain',
                'runtime',
                'db',
                'clients',
                'use-cases',
                'kit',
                'handlers',
                'events',
                'infra',
                'infra-entry',
                'local',
                'local-entry',
                'e2e',
                'e2e-entry',
                'tests',
              ],
            },
          ],
        },
      ],
      // Every file is on a floor, and imports only files that are.
      'boundaries/no-unknown-files': 'error',
      'boundaries/no-unknown': 'error',
      'boundaries/external': [
        'error',
        {
          default: 'allow',
          rules: [
            // Only the data layer and the clients talk to AWS; the domain talks to nothing.
            {
              from: [
                'domain',
                'use-cases',
                'handlers',
                'kit',
                'contract',
                'web-shared',
                'web-feature',
                'web-app',
              ],
              disallow: ['@aws-sdk/*'],
            },
            { from: ['domain'], disallow: ['@middy/*', 'aws-lambda', 'node:*', 'ulid'] },
          ],
        },
      ],
    },
  },
);
