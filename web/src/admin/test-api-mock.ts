import { vi } from 'vitest';

/**
 * Stand-in for web/src/lib/api.ts in component tests: the real module imports the build-time
 * virtual module 'virtual:route-paths', which the vitest web project does not provide.
 * Use: vi.mock('../lib/api', () => import('./test-api-mock')).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const call = vi.fn();
export const setTokenSource = vi.fn();

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong';
}
