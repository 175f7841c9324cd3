import { DEFAULT_SITE_SETTINGS } from '@khelaghor/contract/site-defaults';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import qrcode from 'qrcode-generator';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestAuthProvider } from '../../shared/auth/auth';
import { setLocale } from '../../shared/i18n/i18n';
import AddMoneyPage from './add-money-page';

/**
 * Send Money made easy (issue 35): on Add Money's TrxID step the buyer sees the amount to send,
 * the shop's receiving number as a QR code (the number itself, nothing else) and when the credit
 * is promised (the shop's setting).
 */
const BKASH = '01712345678';
let minutes: number | undefined;

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  minutes = 45;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/api/site')) {
        const settings: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS, send_money_minutes: minutes };
        if (minutes === undefined) delete settings.send_money_minutes;
        return json({
          slides: [],
          announcement: null,
          seo: [],
          settings,
          receiving_accounts: {
            wallets: [
              { provider: 'bkash', number: BKASH, type: 'personal' },
              { provider: 'nagad', number: '01898765432', type: 'agent' },
            ],
            banks: [],
            updated_at: null,
          },
        });
      }
      if (url.endsWith('/api/me')) return json({ id: 'u1', email: 'a@b.c', balance: 0 });
      if (url.includes('/api/wallet/manual-topups')) return json({ items: [], next_cursor: null });
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), {
        status: 404,
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setLocale('en'));
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TestAuthProvider value={{ user: { userId: 'u1', email: 'a@b.c' } as never }}>
        <MemoryRouter initialEntries={['/add-money']}>
          <AddMoneyPage />
        </MemoryRouter>
      </TestAuthProvider>
    </QueryClientProvider>,
  );
}

/** The path qrcode-generator draws for `text`, as the page's QR code draws it. */
function qrPath(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  let path = '';
  const count = qr.getModuleCount();
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++) if (qr.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
  return path;
}

async function toTrxIdStep() {
  renderPage();
  await userEvent.click(await screen.findByRole('radio', { name: /bKash/ }));
  await userEvent.click(screen.getByRole('button', { name: 'I sent money (TrxID)' }));
}

describe("Add Money's TrxID step", () => {
  it('shows the amount to send, the receiving number as a QR code and the promised time', async () => {
    await toTrxIdStep();
    const summary = screen.getByRole('region', { name: 'What to send' });
    expect(within(summary).getByText(/Enter the amount above first/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount (BDT)'), { target: { value: '500' } });
    expect(within(summary).getByTestId('send-amount').textContent).toBe('৳500.00');
    expect(within(summary).getByTestId('credit-time').textContent).toBe(
      'Credited to your wallet within 45 minutes after you submit the TrxID.',
    );
    // The chosen method's number only, drawn from the number itself.
    const qr = await screen.findByRole('img', { name: `QR code of ${BKASH}` });
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(BKASH));
    expect(screen.queryByRole('img', { name: /01898765432/ })).toBeNull();
  });

  it('says it in Bangla, and falls back to 30 minutes for settings saved before the setting', async () => {
    minutes = undefined;
    act(() => setLocale('bn'));
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: /বিকাশ|bKash/ }));
    await userEvent.click(screen.getByRole('button', { name: 'আমি টাকা পাঠিয়েছি (TrxID)' }));
    fireEvent.change(screen.getByLabelText('টাকার পরিমাণ'), { target: { value: '1250' } });
    expect(screen.getByTestId('send-amount').textContent).toBe('৳১,২৫০.০০');
    expect(screen.getByTestId('credit-time').textContent).toBe(
      'TrxID জমা দেওয়ার পর ৩০ মিনিটের মধ্যে আপনার ওয়ালেটে টাকা জমা হবে।',
    );
    expect(await screen.findByRole('img', { name: `${BKASH}-এর QR কোড` })).toBeTruthy();
  });
});
