import { forgetContainerState } from '../functions/src/runtime/container-state';

/**
 * Runs before each integration file. The files of a worker share loaded modules (isolate: false in
 * vitest.config.ts: the SDK and the handlers load once a worker instead of once a file, a third of
 * the project's CPU), so each file first gets back what a fresh worker would have: the environment
 * the worker started with, and every module's container state forgotten (runtime/container-state.ts).
 */
const start = globalThis as { integrationEnvAtStart?: NodeJS.ProcessEnv };
start.integrationEnvAtStart ??= { ...process.env };
for (const key of Object.keys(process.env)) {
  if (!(key in start.integrationEnvAtStart)) delete process.env[key];
}
Object.assign(process.env, start.integrationEnvAtStart);
forgetContainerState();
