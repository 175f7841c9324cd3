import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefundDialog } from './refund-dialog';

vi.mock('sonner', () => import('../test-sonner-mock'));
vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
const callMock = (await import('../test-api-mock')).call;
const { toast } = await import('../test-sonner-mock');

/** Issue 34: an order's Refunds dialog; every refund and every confirmation asks first. */
const refund = (over: Record<string, unknown>) => ({
  id: 'rf-1-abcdefgh',
  order_id: 'ord-12345678',
  amount: 1_700,
  destination: 'original',
  state: 'unknown',
  method: 'bkash',
  reason: 'Out of stock',
  message: 'The connection dropped',
  trx_id: null,
  admin_id: 'a1',
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  ...over,
});
let items: Array<ReturnType<typeof refund>> = [];
let answer: ReturnType<typeof refund>;
const sums = () => {
  const held = items.filter((r) => r.state !== 'refused').reduce((s, r) => s + r.amount, 0);
  return {
    order_id: 'ord-12345678',
    paid: 2_500,
    held,
    returned: items.filter((r) => r.state === 'sent').reduce((s, r) => s + r.amount, 0),
    refundable: 2_500 - held,
    original_method: 'bkash',
    items,
  };
};

beforeEach(() => {
  items = [];
  answer = refund({ id: 'rf-2-abcdefgh', amount: 800, state: 'sent', message: 'Refund submitted' });
  callMock.mockImplementation(async (name: string) => {
    switch (name) {
      case 'adminListRefunds':
        return sums();
      case 'adminCreateRefund':
        items = [answer, ...items];
        return { refund: answer, refunds: sums() };
      case 'adminConfirmRefund':
        return { refund: { ...items[0]!, state: 'sent' }, refunds: sums() };
      default:
        return {};
    }
  });
});
afterEach(() => {
  cleanup();
  callMock.mockReset();
  vi.clearAllMocks();
});

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RefundDialog orderId="ord-12345678" onClose={vi.fn()} />
    </QueryClientProvider>,
  );
}
const calls = (name: string) => callMock.mock.calls.filter((c) => c[0] === name);

/** Fill the form for ৳8.00 to the original payment and press Refund: the question opens. */
async function askToRefund() {
  const dialog = await screen.findByRole('dialog', { name: 'Refunds of order ord-1234' });
  const amount = await within(dialog).findByLabelText('Amount (taka)');
  await userEvent.clear(amount);
  await userEvent.type(amount, '8');
  await userEvent.selectOptions(within(dialog).getByLabelText('Refund to'), 'original');
  await userEvent.clear(within(dialog).getByLabelText('Reason'));
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'Wrong package');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
  return screen.findByRole('dialog', { name: 'Refund this order?' });
}

describe('the Refunds dialog', () => {
  it('asks before a refund: Cancel sends nothing, Refund sends it to the original payment once', async () => {
    show();
    const ask = await askToRefund();
    expect(ask.textContent).toContain('Refund ৳8.00: To the original payment?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund this order?' })).toBeNull());
    expect(calls('adminCreateRefund')).toEqual([]);

    const again = await askToRefund();
    await userEvent.click(within(again).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(calls('adminCreateRefund')).toHaveLength(1));
    expect(calls('adminCreateRefund')[0]![1]).toMatchObject({
      params: { id: 'ord-12345678' },
      body: { amount: 800, destination: 'original', reason: 'Wrong package' },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Sent', undefined));
  });

  it('an unknown refund offers only Sent and Refused, and each asks before it is recorded', async () => {
    items = [refund({})];
    show();
    const row = await screen.findByTestId('refund-row');
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Sent', 'Refused']);

    await userEvent.click(within(row).getByRole('button', { name: 'Refused' }));
    const ask = await screen.findByRole('dialog', { name: 'Confirm this refund?' });
    expect(ask.textContent).toContain('The gateway panel shows no refund of ৳17.00?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm this refund?' })).toBeNull());
    expect(calls('adminConfirmRefund')).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: 'Sent' }));
    const sent = await screen.findByRole('dialog', { name: 'Confirm this refund?' });
    expect(sent.textContent).toContain('The gateway panel shows the refund of ৳17.00 as sent?');
    await userEvent.click(within(sent).getByRole('button', { name: 'Sent' }));
    await waitFor(() => expect(calls('adminConfirmRefund')).toHaveLength(1));
    expect(calls('adminConfirmRefund')[0]![1]).toMatchObject({
      params: { id: 'ord-12345678', refundId: 'rf-1-abcdefgh' },
      body: { outcome: 'sent' },
    });
  });

  it("a refusal is not toasted as a success: it says the gateway's words", async () => {
    answer = refund({ id: 'rf-2-abcdefgh', amount: 800, state: 'refused', message: 'Refund not allowed' });
    show();
    await userEvent.click(within(await askToRefund()).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Refused', { description: 'Refund not allowed' }),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('an unknown outcome is not toasted as a success: it says to check the gateway panel', async () => {
    answer = refund({ id: 'rf-2-abcdefgh', amount: 800 });
    show();
    await userEvent.click(within(await askToRefund()).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(toast.info).toHaveBeenCalled());
    expect(toast.info).toHaveBeenCalledWith('Outcome unknown', {
      description: expect.stringContaining('Find the refund in its panel'),
    });
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a retry of a failed try sends the same request id; a changed refund a new one', async () => {
    let fail = true;
    const create = callMock.getMockImplementation()!;
    callMock.mockImplementation(async (name: string, ...rest: unknown[]) => {
      if (name === 'adminCreateRefund' && fail) throw new Error('Network error');
      return create(name, ...rest);
    });
    const ids = () =>
      calls('adminCreateRefund').map((c) => (c[1] as { body: { request_id: string } }).body.request_id);
    show();
    await userEvent.click(within(await askToRefund()).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(ids()).toHaveLength(1));
    // The same refund again after the failed answer: the server must see the same request.
    await userEvent.click(within(await askToRefund()).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(ids()).toHaveLength(2));
    expect(ids()[1]).toBe(ids()[0]);
    // The admin changes the amount: another refund, another id.
    fail = false;
    const dialog = screen.getByRole('dialog', { name: 'Refunds of order ord-1234' });
    const amount = within(dialog).getByLabelText('Amount (taka)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Refund this order?' })).getByRole('button', {
        name: 'Refund',
      }),
    );
    await waitFor(() => expect(ids()).toHaveLength(3));
    expect(ids()[2]).not.toBe(ids()[0]);
    expect(calls('adminCreateRefund')[2]![1]).toMatchObject({ body: { amount: 900 } });
  });

  it('a refund still sending offers no Sent or Refused until its call counts as lost (a minute)', async () => {
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    items = [
      refund({ id: 'rf-young-abcdefgh', state: 'sending', message: null, created_at: ago(5_000) }),
      refund({
        id: 'rf-lost-abcdefgh',
        amount: 700,
        state: 'sending',
        message: null,
        created_at: ago(120_000),
      }),
    ];
    show();
    const rows = await screen.findAllByTestId('refund-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).queryAllByRole('button')).toEqual([]);
    expect(
      within(rows[1]!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Sent', 'Refused']);
  });
});
