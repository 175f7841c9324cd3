/**
 * What a Lambda container keeps from one invocation to the next: SDK clients, cached settings,
 * secrets and answers, and the stand-ins a test put in. Each module that keeps something says here
 * how to forget it, so a test run that shares loaded modules between test files (the integration
 * project, vitest.config.ts) starts every file as a new container would.
 */
const forgetters = new Set<() => void>();

export function keptPerContainer(forget: () => void): void {
  forgetters.add(forget);
}

/** Tests: forget everything a container kept, as a cold start would. */
export function forgetContainerState(): void {
  for (const forget of forgetters) forget();
}
