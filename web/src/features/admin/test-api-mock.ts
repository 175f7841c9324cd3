import { vi } from 'vitest';

/**
 * web/src/lib/api.ts for component tests: the real module with `call` (the network) replaced.
 * Use: vi.mock('../../shared/api/client', () => import('./test-api-mock')).
 */
const actual = await vi.importActual<typeof import('../../shared/api/client')>('../../shared/api/client');

export const { ApiError, errorMessage } = actual;
export const call = vi.fn();
export const setTokenSource = vi.fn();
