import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vitest/config';

/**
 * Four projects: unit (plain functions), web (React components in jsdom), integration (handlers
 * against DynamoDB Local) and e2e (the whole local stack in Debian's Chromium).
 * File names say which: *.test.ts, *.test.tsx, *.int.test.ts, *.e2e.test.ts.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['{contract,functions,local,infra,events,test}/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts', '**/*.e2e.test.ts'],
          environment: 'node',
          // Vitest's default on two cores is one worker; these files wait on imports and jsdom.
          maxWorkers: 2,
          // A worker's files share loaded modules (CDK, the SDK, the contract): half the project's
          // CPU. vi.mock stays with its file; the files that spy restore what they changed.
          isolate: false,
          // Two workers on two cores: a component test that takes 4 s alone may pass 5 s.
          testTimeout: 20_000,
        },
      },
      {
        // The SPA's build-time route slice (web/vite.config.ts) comes from the route table in tests.
        resolve: {
          alias: {
            'virtual:route-paths/admin': new URL('./web/src/test/route-paths.ts', import.meta.url).pathname,
            'virtual:route-paths/user': new URL('./web/src/test/route-paths.ts', import.meta.url).pathname,
            'virtual:route-paths': new URL('./web/src/test/route-paths.ts', import.meta.url).pathname,
            // react-router-dom's ES build: its CommonJS build requires an ES module of react-router's,
            // which Node allows but Vitest's VM pools do not.
            'react-router-dom': new URL('./node_modules/react-router-dom/dist/index.mjs', import.meta.url)
              .pathname,
          },
        },
        test: {
          name: 'web',
          sequence: { groupOrder: 1 },
          // A worker's files share one jsdom window and the packages they load (React, Radix, the
          // Testing Library): 45% less CPU than a fresh VM context per file. Each file starts as
          // in a new worker: the SPA's and the contract's modules loaded anew (its vi.mock reach
          // them all), a blank page, real timers, no toast left (web/src/test/file-setup.ts).
          pool: 'threads',
          isolate: false,
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/file-setup.ts', 'web/src/test/setup-i18n.ts'],
          maxWorkers: 2,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 2 },
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          globalSetup: ['test/integration-setup.ts'],
          // A worker's files share loaded modules; each starts from a cold container's state
          // (test/integration-file-setup.ts).
          isolate: false,
          setupFiles: ['test/integration-file-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // DynamoDB Local is one JVM on two cores: a few files at a time keeps it responsive. Three
          // workers beside the other checks pushed the 100-claim race past its 60 s timeout; with
          // unit + web beside it, two keep both cores busy.
          maxWorkers: 2,
          env: {
            LOG_LEVEL: 'silent',
            PUBLIC_CACHE_MS: '0',
            GATEWAY_BASE_URL: 'http://127.0.0.1:1',
            PUBLIC_URL: 'http://localhost:3000',
            // Callbacks may go to the tests' receiver on this machine (as in the local stack).
            CALLBACK_LOOPBACK: 'allow',
            // The run's origin-verify value (test/invoke.ts's edge sends it), in every file's
            // starting environment: a file that sets its own gets this one back after it.
            ORIGIN_VERIFY_SECRET: randomBytes(24).toString('base64url'),
          },
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/src/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // expect.poll waits 1 s by default: a page on a machine also running the integration
          // tests may take longer to show what the poll waits for.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
