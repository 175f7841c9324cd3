import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestAuthProvider } from '../../shared/auth/auth';
import { AdminGuard } from './admin-guard';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('../../shared/api/client', () => import('./test-api-mock'));
vi.mock('sonner', () => ({
  toast: Object.assign(vi.fn(), { error: toastError, success: vi.fn(), info: vi.fn() }),
}));

function renderAt(user: { userId: string; email: string; isAdmin: boolean; groups: string[] } | undefined) {
  const adminCalls = vi.fn();
  function AdminContent() {
    adminCalls();
    return <p>admin content</p>;
  }
  render(
    <TestAuthProvider value={{ user }}>
      <MemoryRouter initialEntries={['/admin/orders']}>
        <Routes>
          <Route path="/" element={<p>home page</p>} />
          <Route path="/auth" element={<p>auth page</p>} />
          <Route
            path="/admin/*"
            element={
              <AdminGuard>
                <AdminContent />
              </AdminGuard>
            }
          />
        </Routes>
      </MemoryRouter>
    </TestAuthProvider>,
  );
  return adminCalls;
}

describe('AdminGuard', () => {
  const fetchSpy = vi.fn();
  beforeEach(() => {
    toastError.mockClear();
    fetchSpy.mockClear();
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends visitors without a session to /auth', () => {
    const rendered = renderAt(undefined);
    expect(screen.getByText('auth page')).toBeTruthy();
    expect(rendered).not.toHaveBeenCalled();
  });

  it('sends signed-in customers home with a toast and renders nothing that calls the admin API', () => {
    const rendered = renderAt({ userId: 'u1', email: 'a@b.c', isAdmin: false, groups: [] });
    expect(screen.getByText('home page')).toBeTruthy();
    expect(toastError).toHaveBeenCalledWith('Admin access required', expect.anything());
    expect(rendered).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('renders the dashboard for members of the admin group', () => {
    const rendered = renderAt({ userId: 'a1', email: 'admin@b.c', isAdmin: true, groups: ['admin'] });
    expect(screen.getByText('admin content')).toBeTruthy();
    expect(rendered).toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });
});
