import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotifySettingsCard } from './notify-settings';

vi.mock('sonner', () => import('../test-sonner-mock'));
vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
const callMock = (await import('../test-api-mock')).call;

afterEach(cleanup);

describe('NotifySettingsCard', () => {
  it('shows the saved settings, refuses a bad address without sending, and saves a list', async () => {
    callMock.mockImplementation(async (name: string) =>
      name === 'adminGetNotifySettings'
        ? { settings: { alert_emails: ['owner@shop.test'], low_stock_level: 10, updated_at: null } }
        : {
            settings: { alert_emails: [], low_stock_level: 4, updated_at: 'now' },
            message: 'Notification settings saved',
          },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <NotifySettingsCard />
      </QueryClientProvider>,
    );
    const emails = screen.getByLabelText(/Alert email addresses/);
    await waitFor(() => expect((emails as HTMLInputElement).value).toBe('owner@shop.test'));
    await userEvent.type(emails, ', not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByText('Please enter valid email addresses')).toBeTruthy();
    expect(callMock.mock.calls.map((c) => c[0])).not.toContain('adminPutNotifySettings');

    await userEvent.clear(emails);
    await userEvent.type(emails, 'owner@shop.test, Ops@Shop.test');
    await userEvent.clear(screen.getByLabelText(/Low-stock level/));
    await userEvent.type(screen.getByLabelText(/Low-stock level/), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Save notifications' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('adminPutNotifySettings', {
        body: { alert_emails: ['owner@shop.test', 'Ops@Shop.test'], low_stock_level: 4 },
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Notification settings saved', undefined));
    expect(screen.getByText(/New TrxID requests, payments in review or unexpected, low stock/)).toBeTruthy();
  });
});
