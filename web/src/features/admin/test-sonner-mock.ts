import { vi } from 'vitest';

/**
 * sonner for component tests: every toast recorded, none shown.
 * Use: vi.mock('sonner', () => import('./test-sonner-mock')).
 */
export const toast = Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), info: vi.fn() });
