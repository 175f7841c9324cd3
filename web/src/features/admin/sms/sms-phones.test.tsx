import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SmsPhonesSection from './sms-phones';

vi.mock('sonner', () => import('../test-sonner-mock'));
vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
const { call: callMock, resetAfterEach } = await import('../test-api-mock');
resetAfterEach();

const device = {
  id: 'sd_01PHONE',
  label: 'Counter phone',
  provider: 'bkash',
  receiving_number: '01711111111',
  status: 'active',
  created_at: '2026-11-27T08:00:00Z',
  last_sms_at: null,
  ignored_count: 3,
  revoked_at: null,
  chain: { balance: 123_456, broken_since: '2026-11-27T08:10:00Z' },
};
const parsed = {
  id: 'sms1',
  device_id: 'sd_01PHONE',
  receiving_number: '01711111111',
  sender: 'bKash',
  text: 'You have received Tk 500.00 from 01712345678.',
  received_at: '2026-11-27T08:05:30Z',
  phone_received_at: null,
  status: 'review',
  reading: 'parsed',
  parsed: {
    provider: 'bkash',
    type: 'send_money_received',
    wording: 'bkash-send-money-en',
    amount: 50_000,
    trx_id: '9A1B2C3D4E',
    counterparty_number: '01712345678',
    balance: 123_456,
    at: '2026-11-27T08:05:00Z',
  },
  failed_control: 'amount',
  payment_id: 'pay1',
};
const unparsed = {
  ...parsed,
  id: 'sms2',
  text: 'Fwd: something',
  status: 'unparsed',
  reading: 'unknown_wording',
  parsed: null,
  failed_control: null,
  payment_id: null,
};

beforeEach(() => {
  callMock.mockImplementation(async (name: string) => {
    switch (name) {
      case 'adminListSmsDevices':
        return { items: [device] };
      case 'adminGetReceivingAccounts':
        return {
          accounts: {
            wallets: [
              { provider: 'bkash', number: '01711111111', type: 'personal' },
              { provider: 'nagad', number: '01822222222', type: 'personal' },
            ],
            banks: [],
            updated_at: null,
          },
        };
      case 'adminListSmsInbox':
        return { items: [parsed, unparsed], cursor: null };
      case 'adminCreateSmsDevice':
        return {
          device: {
            ...device,
            id: 'sd_01NEW',
            provider: 'nagad',
            receiving_number: '01822222222',
            label: null,
          },
          secret: 'the-secret-shown-once',
        };
      case 'adminRevokeSmsDevice':
        return { device: { ...device, status: 'revoked' } };
      case 'adminClearSmsChain':
        return { device: { ...device, chain: { balance: 123_456, broken_since: null } } };
      default:
        throw new Error(`unexpected ${name}`);
    }
  });
});

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SmsPhonesSection />
    </QueryClientProvider>,
  );
}

describe('SMS phones section', () => {
  it('makes a key for a receiving account and shows its secret once', async () => {
    renderSection();
    const row = within((await screen.findByText('Counter phone')).closest('tr')!);
    expect(row.getByText('bKash 01711111111')).toBeTruthy();
    expect(row.getByText('Never')).toBeTruthy();
    expect(row.getByText('3')).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Receiving account'), 'Nagad 01822222222');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('adminCreateSmsDevice', {
        body: { provider: 'nagad', receiving_number: '01822222222' },
      }),
    );
    expect((await screen.findByTestId('sms-new-key-secret')).textContent).toBe('the-secret-shown-once');
    expect(screen.getByTestId('sms-new-key-id').textContent).toBe('sd_01NEW');
    expect(screen.getByTestId('sms-intake-url').textContent).toMatch(/\/api\/payments\/sms$/);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('sms-new-key-secret')).toBeNull();
  });

  it('revoke asks first: Cancel sends nothing, Revoke key revokes', async () => {
    renderSection();
    const revoke = await screen.findByRole('button', { name: 'Revoke key of 01711111111' });
    await userEvent.click(revoke);
    let confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText("Revoke this phone's key?")).toBeTruthy();
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callMock.mock.calls.map((c) => c[0])).not.toContain('adminRevokeSmsDevice');

    await userEvent.click(revoke);
    confirm = within(await screen.findByRole('dialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Revoke key' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('adminRevokeSmsDevice', { params: { id: 'sd_01PHONE' } }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Device key revoked', undefined));
  });

  it('a broken balance chain shows, and restarting it asks first', async () => {
    renderSection();
    const row = within((await screen.findByText('Counter phone')).closest('tr')!);
    expect(row.getByText(/^Broken since /)).toBeTruthy();
    await userEvent.click(row.getByRole('button', { name: 'Restart the balance chain of 01711111111' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText(/the last balance, ৳1,234\.56, again/)).toBeTruthy();
    await userEvent.click(confirm.getByRole('button', { name: 'Restart chain' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('adminClearSmsChain', { params: { id: 'sd_01PHONE' } }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Balance chain restarted', undefined));
  });

  it('the inbox shows what the parsers read, the failed control and why an SMS was not read', async () => {
    renderSection();
    const read = within((await screen.findByText(parsed.text)).closest('tr')!);
    expect(read.getByText('৳500.00 from 01712345678, TrxID 9A1B2C3D4E, balance ৳1,234.56')).toBeTruthy();
    expect(read.getByText('In review')).toBeTruthy();
    expect(read.getByText('amount differs')).toBeTruthy();
    const notRead = within(screen.getByText('Fwd: something').closest('tr')!);
    expect(notRead.getByText('Unknown wording')).toBeTruthy();
    expect(notRead.getByText('Not read')).toBeTruthy();
  });
});
