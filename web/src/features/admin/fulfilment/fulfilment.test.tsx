import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../shared/i18n/i18n';
import FulfilmentSection from './fulfilment';

vi.mock('sonner', () => import('../test-sonner-mock'));
vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
const callMock = (await import('../test-api-mock')).call;

/** Issue 31: the operator's queue, as the admin works it. */
const paid = new Date(Date.now() - 40 * 60_000).toISOString();
const item = (over: Record<string, unknown>) => ({
  order_id: 'ord-1',
  kind: 'operator',
  state: 'queued',
  supplier: null,
  supplier_product_id: null,
  game_code: null,
  player_uid: '123456789',
  player_zone: '2201',
  send_attempts: 0,
  inquiries: 0,
  next_check_at: null,
  lease_until: null,
  unknown_since: null,
  queue_reason: 'manual',
  queued_at: paid,
  claimed_by: null,
  claimed_at: null,
  supplier_transaction_id: null,
  proof: null,
  reason: null,
  created_at: paid,
  updated_at: paid,
  product_name: 'Mobile Legends',
  variant_name: '86 Diamonds',
  total_amount: 15_000,
  user_email: 'rahim@buyer.test',
  paid_at: paid,
  promised_by: new Date(Date.parse(paid) + 30 * 60_000).toISOString(),
  mine: false,
  ...over,
});
let queue: Array<ReturnType<typeof item>> = [];

beforeEach(() => {
  queue = [item({})];
  callMock.mockImplementation(async (name: string) => {
    switch (name) {
      case 'adminListFulfilment':
        return { items: queue };
      case 'adminSupplierHealth':
        return {
          suppliers: [
            {
              supplier: 'unipin',
              is_active: true,
              balance: { amount: 900, currency: 'USD' },
              balance_error: null,
              low_balance: 1000,
              below_level: true,
              stock: [],
              last_error: null,
              last_error_at: null,
              consecutive_failures: 0,
              calls_24h: { done: 3, refused: 0, unknown: 1 },
              failed_share: 0.25,
            },
          ],
        };
      case 'adminClaimFulfilment':
        queue = [item({ claimed_by: 'a1', mine: true })];
        return { item: queue[0], message: 'ok' };
      case 'adminCompleteFulfilment':
        return { order_id: 'ord-1', result: 'completed', message: 'ok' };
      case 'adminFailFulfilment':
        return { order_id: 'ord-1', result: 'refunded', message: 'ok' };
      default:
        return {};
    }
  });
});
afterEach(() => {
  cleanup();
  callMock.mockReset();
  act(() => setLocale('en'));
});

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <FulfilmentSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const calledWith = (name: string) => callMock.mock.calls.find((c) => c[0] === name)?.[1];

describe('the Fulfilment section', () => {
  it('shows the UID and zone to copy, the age against the promise, and the supplier health', async () => {
    show();
    const card = await screen.findByTestId('fulfilment-item');
    expect(within(card).getByText('123456789')).toBeTruthy();
    expect(within(card).getByText('2201')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Copy Player UID' })).toBeTruthy();
    expect(within(card).getByText('Manual package')).toBeTruthy();
    expect(within(card).getByText(/Waiting 40 min · 10 min past the promise/)).toBeTruthy();
    const health = await screen.findByTestId('supplier-health');
    expect(within(health).getByText(/\$9\.00/)).toBeTruthy();
    expect(within(health).getByText(/Below your alert level/)).toBeTruthy();
    expect(within(health).getByText('25% of 4')).toBeTruthy();
  });

  it('claim, then Done needs proof and asks before completing with it', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(calledWith('adminClaimFulfilment')).toEqual({ params: { id: 'ord-1' } }));
    const done = await screen.findByRole('button', { name: 'Done' });
    await userEvent.click(done);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calledWith('adminCompleteFulfilment')).toBeUndefined();
    await userEvent.type(screen.getByLabelText("Game's transaction ID or note"), 'MLBB-778899');
    await userEvent.click(done);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('“MLBB-778899” as the transaction ID');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(calledWith('adminCompleteFulfilment')).toEqual({
        params: { id: 'ord-1' },
        body: { proof: 'MLBB-778899' },
      }),
    );
  });

  it('Failed asks before refunding the amount to the wallet', async () => {
    queue = [item({ claimed_by: 'a1', mine: true })];
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Failed' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("৳150.00 goes back to the buyer's wallet");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calledWith('adminFailFulfilment')).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Failed' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund to wallet' }),
    );
    await waitFor(() =>
      expect(calledWith('adminFailFulfilment')).toEqual({ params: { id: 'ord-1' }, body: {} }),
    );
  });

  it("another admin's order cannot be worked here, and it reads in Bangla", async () => {
    queue = [item({ claimed_by: 'a2', mine: false })];
    act(() => setLocale('bn'));
    show();
    expect(await screen.findByText('অন্য একজন অ্যাডমিন এই অর্ডারটি নিয়ে কাজ করছেন')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'হয়ে গেছে' })).toBeNull();
    expect(screen.getByText(/৪০ মিনিট ধরে অপেক্ষায়/)).toBeTruthy();
  });
});
