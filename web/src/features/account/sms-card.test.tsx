import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SmsCard } from './components/sms-card';

const call = vi.fn();
let me: { sms_phone: string | null; sms_on: boolean };
vi.mock('../../shared/api/client', () => ({
  call: (...args: unknown[]) => call(...args),
  errorMessage: (e: Error) => e.message,
}));
vi.mock('../../shared/api/site', () => ({ useMe: () => ({ data: me }) }));
vi.mock('../../shared/ui/sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => call.mockReset());
afterEach(cleanup);

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SmsCard />
    </QueryClientProvider>,
  );

describe('SmsCard', () => {
  it('sends a code to the typed number (Bangla digits become digits), then sends the code back', async () => {
    me = { sms_phone: null, sms_on: false };
    call.mockImplementation(async (name: string) =>
      name === 'startPhoneVerification'
        ? { phone: '01712345678', expires_at: '2026-01-01T00:10:00Z', message: 'sent' }
        : { sms_phone: '01712345678', sms_on: true, message: 'Phone number verified: SMS are on' },
    );
    renderCard();
    await userEvent.type(screen.getByLabelText('Mobile number'), '০১৭১২৩৪৫৬৭৮');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('startPhoneVerification', { body: { phone: '01712345678' } }),
    );
    expect(await screen.findByText(/We sent a 6-digit code by SMS to 01712345678/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Code from the SMS'), '482913');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('verifyPhone', { body: { code: '482913' } }));
  });

  it('shows a verified number with the switch, and turning it off saves the choice', async () => {
    me = { sms_phone: '01712345678', sms_on: true };
    call.mockResolvedValue({ sms_phone: '01712345678', sms_on: false, message: 'SMS are off' });
    renderCard();
    expect(screen.getByTestId('sms-phone').textContent).toBe('01712345678');
    const box = screen.getByRole('checkbox', { name: /Send me SMS about orders/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    await userEvent.click(box);
    await waitFor(() => expect(call).toHaveBeenCalledWith('putSmsPreference', { body: { on: false } }));
  });
});
