import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestAuthProvider } from '../../shared/auth/auth';
import { i18n, setLocale } from '../../shared/i18n/i18n';
import { Toaster } from '../../shared/ui/sonner';
import { ResellerProfileCard } from './components/reseller-profile-card';
import ResellerPage from './reseller-page';

const SECRET = 'c2VjcmV0LXNob3duLW9uY2Utb25seS1kb250LWxvc2UtaXQ';

const key = (id: string, label: string | null) => ({
  id,
  label,
  allowed_ips: [] as string[],
  status: 'active',
  created_at: '2025-01-02T00:00:00Z',
  last_used_at: null,
  revoked_at: null,
});

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let keys: ReturnType<typeof key>[];
let sent: Array<{ method: string; url: string; body: unknown }>;
let isReseller: boolean;

beforeEach(() => {
  keys = [key('rk_1', 'Main server')];
  sent = [];
  isReseller = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      sent.push({ method, url, body });
      if (url.endsWith('/api/reseller/account')) {
        if (!isReseller)
          return json(403, { error: { code: 'forbidden', message: 'Reseller account required' } });
        return json(200, {
          user_id: 'u1',
          email: 'shop@reseller.test',
          is_active: true,
          callback_url: null,
          balance: 500_000,
          max_active_keys: 5,
          keys,
          prices: [
            {
              product_id: 'p1',
              product_name: 'Free Fire',
              variant_id: 'v1',
              variant_name: '115 Diamonds',
              list_price: 10_000,
              price: 9_000,
              stock: 7,
            },
          ],
        });
      }
      if (url.endsWith('/api/reseller/keys') && method === 'POST') {
        const created = { ...key('rk_2', 'Backup'), allowed_ips: ['203.0.113.7', '10.0.0.0/8'] };
        keys = [...keys, created];
        return json(201, { key: created, secret: SECRET });
      }
      if (url.endsWith('/api/reseller/keys/rk_1') && method === 'DELETE')
        return json(200, { key: { ...keys[0], status: 'revoked' } });
      if (url.includes('/api/reseller/callbacks/cb1/resend'))
        return json(200, { callback: {}, message: 'Callback queued' });
      if (url.includes('/api/reseller/callbacks')) {
        return json(200, {
          cursor: null,
          items: [
            {
              id: 'cb1',
              order_id: 'order-0001',
              reseller_id: 'u1',
              key_id: 'rk_1',
              event: 'order.completed',
              status: 'pending',
              payload: { variant_name: '115 Diamonds', total_amount: 9_000 },
              attempt_count: 2,
              waiting_for_url: false,
              attempts: [
                { at: '2025-01-02T00:00:00Z', status_code: 500, error: null, duration_ms: 40 },
                { at: '2025-01-02T00:01:00Z', status_code: null, error: 'timeout', duration_ms: 5000 },
              ],
              next_attempt_at: '2025-01-02T00:03:00Z',
              created_at: '2025-01-02T00:00:00Z',
              delivered_at: null,
            },
          ],
        });
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWithApp(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <TestAuthProvider
          value={{ user: { userId: 'u1', email: 'shop@reseller.test', isAdmin: false, groups: [] } }}
        >
          <MemoryRouter>{ui}</MemoryRouter>
          <Toaster />
        </TestAuthProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('reseller page', { timeout: 30_000 }, () => {
  it('creates a key and shows its secret once, with copy buttons and the warning', async () => {
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<ResellerPage />);
    expect((await screen.findByTestId('reseller-balance')).textContent).toBe('৳5,000.00');
    expect(screen.getByText('৳90.00')).toBeTruthy();

    await user.type(screen.getByLabelText('Label (optional)'), 'Backup');
    await user.type(screen.getByLabelText('Allowed IPs (optional)'), '203.0.113.7, 10.0.0.0/8');
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const panel = within(await screen.findByRole('region', { name: 'Your new API key' }));
    expect(sent.find((s) => s.method === 'POST' && s.url.endsWith('/api/reseller/keys'))?.body).toEqual({
      label: 'Backup',
      allowed_ips: ['203.0.113.7', '10.0.0.0/8'],
    });
    expect(panel.getByTestId('new-key-secret').textContent).toBe(SECRET);
    expect(panel.getByTestId('new-key-id').textContent).toBe('rk_2');
    expect(panel.getByText(/it will not be shown again/)).toBeTruthy();
    await user.click(panel.getByRole('button', { name: 'Copy secret' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));

    // The refreshed list has the new key's public facts, never its secret.
    expect(await screen.findByText('Backup')).toBeTruthy();
    await user.click(panel.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByRole('region', { name: 'Your new API key' })).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeTruthy();
  });

  it('asks before revoking a key: Cancel keeps it, Revoke key revokes it', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApp(<ResellerPage />);
    await user.click(await screen.findByRole('button', { name: 'Revoke key Main server' }));
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Revoke this API key?')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke key Main server' }));
    dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Revoke key' }));
    await waitFor(() =>
      expect(sent.some((s) => s.method === 'DELETE' && s.url.endsWith('/api/reseller/keys/rk_1'))).toBe(true),
    );
    expect(await screen.findByText('API key revoked')).toBeTruthy();
  });

  it('lists callbacks with their attempts and sends one again', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApp(<ResellerPage />);
    const callback = within(await screen.findByTestId('callback'));
    expect(callback.getByText('order.completed')).toBeTruthy();
    expect(callback.getByText(/HTTP 500 · 40 ms/)).toBeTruthy();
    expect(callback.getByText(/timeout · 5000 ms/)).toBeTruthy();
    await user.click(callback.getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(
        sent.some((s) => s.method === 'POST' && s.url.endsWith('/api/reseller/callbacks/cb1/resend')),
      ).toBe(true),
    );
  });

  it('a customer who is no reseller (403): no profile card, and the page says what it is for', async () => {
    isReseller = false;
    renderWithApp(<ResellerProfileCard />);
    await waitFor(() => expect(sent.some((s) => s.url.endsWith('/api/reseller/account'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Reseller account')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open reseller page' })).toBeNull();
    cleanup();
    renderWithApp(<ResellerPage />);
    expect(await screen.findByText('This page is for reseller accounts')).toBeTruthy();
  });

  it('a reseller sees the profile card linking to the reseller page', async () => {
    renderWithApp(<ResellerProfileCard />);
    expect((await screen.findByRole('link', { name: 'Open reseller page' })).getAttribute('href')).toBe(
      '/reseller',
    );
  });
});

describe('reseller page in Bangla', () => {
  afterEach(() => act(() => setLocale('en')));

  it('shows the balance, prices, signing rule and callbacks in Bangla', async () => {
    act(() => setLocale('bn'));
    renderWithApp(<ResellerPage />);
    expect((await screen.findByTestId('reseller-balance')).textContent).toBe('৳৫,০০০.০০');
    expect(screen.getByRole('heading', { name: 'রিসেলার অ্যাকাউন্ট' })).toBeTruthy();
    expect(screen.getByText('৳৯০.০০')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'কী প্রত্যাহার করুন Main server' })).toBeTruthy();
    // The header names stay code inside the Bangla sentence.
    expect(screen.getByText('X-Key-Id').tagName).toBe('CODE');
    const callback = within(await screen.findByTestId('callback'));
    expect(callback.getByText('পেন্ডিং')).toBeTruthy();
    expect(callback.getByText(/২টি চেষ্টা/)).toBeTruthy();
  });
});
