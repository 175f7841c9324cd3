import { act, cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestAuthProvider } from '../../shared/auth/auth';
import { setLocale } from '../../shared/i18n/i18n';
import { AdminLayout } from './admin-layout';
import { sectionFor } from './sections';

vi.mock('../../shared/api/client', () => import('./test-api-mock'));
vi.mock('sonner', () => import('./test-sonner-mock'));

afterEach(() => {
  cleanup();
  act(() => setLocale('en'));
});

function renderSidebar() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TestAuthProvider
        value={{ user: { userId: 'a1', email: 'admin@example.com', isAdmin: true, groups: ['admin'] } }}
      >
        <MemoryRouter>
          <AdminLayout active="overview">
            <p>content</p>
          </AdminLayout>
        </MemoryRouter>
      </TestAuthProvider>
    </QueryClientProvider>,
  );
  // The wide screen's sidebar (the phone menu holds the same list).
  return within(screen.getAllByRole('navigation', { name: /./ })[0]!);
}

describe('the sidebar', () => {
  it('gives Notifications and Receiving accounts their own entries', () => {
    const nav = renderSidebar();
    expect(nav.getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe(
      '/admin/notifications',
    );
    expect(nav.getByRole('link', { name: 'Receiving accounts' }).getAttribute('href')).toBe(
      '/admin/receiving-accounts',
    );
    expect(sectionFor('notifications')).toBe('notifications');
    expect(sectionFor('receiving-accounts')).toBe('receiving-accounts');
  });

  it('lists Audit after Reconciliation, at /admin/audit', () => {
    const nav = renderSidebar();
    expect(nav.getByRole('link', { name: 'Audit' }).getAttribute('href')).toBe('/admin/audit');
    const names = nav.getAllByRole('link').map((link) => link.textContent);
    expect(names.indexOf('Audit')).toBe(names.indexOf('Reconciliation') + 1);
    expect(sectionFor('audit')).toBe('audit');
  });

  it('names them in Bangla too', () => {
    act(() => setLocale('bn'));
    const nav = renderSidebar();
    expect(nav.getByRole('link', { name: 'নোটিফিকেশন' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'টাকা গ্রহণের অ্যাকাউন্ট' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'অডিট' })).toBeTruthy();
  });
});
