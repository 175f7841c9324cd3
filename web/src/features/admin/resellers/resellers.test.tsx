import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ResellersSection from './resellers';

vi.mock('sonner', () => import('../test-sonner-mock'));
vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
const callMock = (await import('../test-api-mock')).call;

const reseller = {
  user_id: 'u-res',
  email: 'shop@reseller.test',
  is_active: true,
  callback_url: 'https://shop.test/cb',
  prices: { v1: 9_000 },
  product_discounts: {},
  balance: 500_000,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};
const key = {
  id: 'rk_01KEY',
  label: 'Main server',
  allowed_ips: ['203.0.113.7'],
  status: 'active',
  created_at: '2025-01-02T00:00:00Z',
  last_used_at: null,
  revoked_at: null,
};
const callback = {
  id: 'cb1',
  order_id: 'order-0001',
  reseller_id: 'u-res',
  key_id: 'rk_01KEY',
  event: 'order.completed',
  status: 'failed',
  payload: { total_amount: 9_000 },
  attempts: [{ at: '2025-01-02T00:00:00Z', status_code: 500, error: null, duration_ms: 42 }],
  attempt_count: 1,
  next_attempt_at: null,
  waiting_for_url: false,
  created_at: '2025-01-02T00:00:00Z',
  delivered_at: null,
};

beforeEach(() => {
  callMock.mockImplementation(async (name: string) => {
    switch (name) {
      case 'adminListResellers':
        return { items: [reseller], cursor: null };
      case 'adminGetReseller':
        return { reseller, keys: [key] };
      case 'adminListProducts':
        return { items: [{ id: 'p1', name: 'Free Fire' }] };
      case 'adminListVariants':
        return { items: [{ id: 'v1', product_id: 'p1', name: '115 Diamonds', price: 10_000 }] };
      case 'adminListUsers':
        return { items: [{ id: 'u-new', email: 'new@buyer.test', balance: 0 }], cursor: null };
      case 'adminListResellerCallbacks':
        return { items: [callback], cursor: null };
      case 'adminPutReseller':
        return { reseller, keys: [] };
      case 'adminRevokeResellerKey':
        return { key: { ...key, status: 'revoked' } };
      case 'adminResendResellerCallback':
        return { callback, message: 'Callback queued' };
      default:
        throw new Error(`unexpected ${name}`);
    }
  });
});

afterEach(() => {
  cleanup();
  callMock.mockReset();
});

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ResellersSection />
    </QueryClientProvider>,
  );
}

describe('Resellers section', () => {
  it('makes a customer found by email a reseller with wholesale prices in poisha and a product discount', async () => {
    renderSection();
    await screen.findByText('shop@reseller.test');
    await userEvent.click(screen.getByRole('button', { name: 'Add Reseller' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('Find customer by email'), 'new@{Enter}');
    await userEvent.click(await dialog.findByRole('button', { name: 'Choose new@buyer.test' }));
    await userEvent.type(dialog.getByLabelText('Discount % for Free Fire'), '5');
    await userEvent.type(dialog.getByLabelText(/Wholesale price \(৳\) of 115 Diamonds/), '92.50');
    await userEvent.click(dialog.getByRole('button', { name: 'Make reseller' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('adminPutReseller', {
        params: { userId: 'u-new' },
        body: { is_active: true, prices: { v1: 9_250 }, product_discounts: { p1: 5 } },
      }),
    );
    expect(callMock).toHaveBeenCalledWith(
      'adminListUsers',
      expect.objectContaining({ query: expect.objectContaining({ email: 'new@' }) }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Reseller created', undefined));
  });

  it('revoke asks first: Cancel sends nothing, Revoke key revokes; callbacks show attempts and send again', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage shop@reseller.test' }));
    const keyRow = within((await screen.findByText('rk_01KEY')).closest('tr')!);
    expect(keyRow.getByText('Main server')).toBeTruthy();
    expect(keyRow.getByText('203.0.113.7')).toBeTruthy();

    await userEvent.click(keyRow.getByRole('button', { name: 'Revoke key rk_01KEY' }));
    let confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText('Revoke this API key?')).toBeTruthy();
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callMock.mock.calls.map((c) => c[0])).not.toContain('adminRevokeResellerKey');

    await userEvent.click(keyRow.getByRole('button', { name: 'Revoke key rk_01KEY' }));
    confirm = within(await screen.findByRole('dialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Revoke key' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('adminRevokeResellerKey', {
        params: { userId: 'u-res', keyId: 'rk_01KEY' },
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('API key revoked', undefined));

    const cbRow = within((await screen.findByText('order.completed')).closest('tr')!);
    expect(cbRow.getByText(/HTTP 500 · 42 ms/)).toBeTruthy();
    await userEvent.click(cbRow.getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('adminResendResellerCallback', { params: { id: 'cb1' } }),
    );
  });

  it('saves the edited price list of a reseller', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage shop@reseller.test' }));
    const price = await screen.findByLabelText(/Wholesale price \(৳\) of 115 Diamonds/);
    expect((price as HTMLInputElement).value).toBe('90.00');
    await userEvent.clear(price);
    await userEvent.click(screen.getByRole('checkbox', { name: /Active/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save price list' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('adminPutReseller', {
        params: { userId: 'u-res' },
        body: { is_active: false, prices: {}, product_discounts: {} },
      }),
    );
  });
});
