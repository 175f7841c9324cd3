import { vi } from 'vitest';

/**
 * web/src/lib/api.ts for component tests: the real module with `call` (the network) replaced.
 * Use: vi.mock('../../shared/api/client', () => import('./test-api-mock')).
 */
const actual = await vi.importActual<typeof import('../../shared/api/client')>('../../shared/api/client');

// addRoutePaths: the admin's entry pages (grant-admin-page, …) add their routes when imported.
export const { ApiError, errorMessage, addRoutePaths } = actual;
export const call = vi.fn();
export const setTokenSource = vi.fn();
