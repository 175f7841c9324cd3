import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * web/src/lib/api.ts for component tests: the real module with `call` (the network) replaced.
 * Use: vi.mock('../../shared/api/client', () => import('./test-api-mock')).
 */
const actual = await vi.importActual<typeof import('../../shared/api/client')>('../../shared/api/client');

export const { ApiError, errorMessage } = actual;
export const call = vi.fn();
export const setTokenSource = vi.fn();

/** After each test: its DOM unmounted and its calls forgotten, then `more` (a language reset). */
export function resetAfterEach(more?: () => void): void {
  afterEach(() => {
    cleanup();
    call.mockReset();
    more?.();
  });
}
