import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailPreferencesCard } from './components/email-preferences-card';

const call = vi.fn();
vi.mock('../../shared/api/client', () => ({ call: (...args: unknown[]) => call(...args) }));
vi.mock('../../shared/api/site', () => ({ useMe: () => ({ data: { notify_optional: true } }) }));
const success = vi.fn();
vi.mock('../../shared/ui/sonner', () => ({
  toast: { success: (...a: unknown[]) => success(...a), error: vi.fn() },
}));

afterEach(cleanup);

describe('EmailPreferencesCard', () => {
  it('is on by default, says receipts always go, and turning it off saves the choice', async () => {
    call.mockResolvedValue({ optional: false, message: 'Email preferences saved' });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EmailPreferencesCard />
      </QueryClientProvider>,
    );
    const box = screen.getByRole('checkbox', { name: /Also email me about payments/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Receipts with your codes are always sent.')).toBeTruthy();
    await userEvent.click(box);
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('putEmailPreferences', { body: { optional: false } }),
    );
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Success!', { description: 'Email preferences saved' }),
    );
  });
});
