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
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
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
    // The floors (docs/architecture.md): each layer imports only the layers below it.
    files: ['contract/**/*.ts', 'functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: { alwaysTryTypes: true, project: ['tsconfig.json', 'web/tsconfig.json'] },
      },
      'boundaries/include': ['contract/src/**', 'functions/src/**', 'web/src/**'],
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
        { type: 'web-feature', pattern: 'web/src/features/*', mode: 'folder', capture: ['feature'] },
        { type: 'web-shared', pattern: 'web/src/shared', mode: 'folder' },
        { type: 'web-test', pattern: 'web/src/test', mode: 'folder' },
        { type: 'web-app', pattern: 'web/src/*', mode: 'file' },
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
