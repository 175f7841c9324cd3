import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/client';
import { SiteSettingsCard } from './site-settings';

vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
vi.mock('sonner', () => import('../test-sonner-mock'));

afterEach(() => {
  cleanup();
  vi.mocked(call).mockReset();
});

const saved = {
  brand_name: 'Khelaghor',
  logo_url: null,
  support_whatsapp: null,
  hotline: null,
  telegram_url: null,
  whatsapp_community_url: null,
  send_money_minutes: 45,
  updated_at: '2026-11-27T10:00:00.000Z',
};

function renderCard() {
  vi.mocked(call).mockImplementation(async (name: string, opts?: { body?: unknown }) => {
    if (name === 'adminGetSiteSettings') return { settings: saved };
    if (name === 'adminGetReceivingAccounts')
      return { accounts: { wallets: [], banks: [], updated_at: null } };
    if (name === 'adminPutSiteSettings')
      return { settings: { ...saved, ...(opts?.body as object) }, message: 'ok' };
    throw new Error(`unexpected call ${name}`);
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SiteSettingsCard />
    </QueryClientProvider>,
  );
}

/** Send Money made easy (issue 35): the time Add Money promises is the admin's, edited here. */
describe('Site settings: Send Money credited within N minutes', () => {
  it('shows the saved minutes and saves a change as a number', async () => {
    renderCard();
    const field = screen.getByLabelText(/^Send Money credited within/) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('45'));
    fireEvent.change(field, { target: { value: '20' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('adminPutSiteSettings', {
        body: expect.objectContaining({ brand_name: 'Khelaghor', send_money_minutes: 20 }),
      }),
    );
  });

  it('refuses a time that is not whole minutes from 1 to a day', async () => {
    renderCard();
    const field = screen.getByLabelText(/^Send Money credited within/) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('45'));
    fireEvent.change(field, { target: { value: '0' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Minutes must be a whole number from 1 to 1440')).toBeTruthy();
    expect(vi.mocked(call).mock.calls.some(([name]) => name === 'adminPutSiteSettings')).toBe(false);
  });
});
