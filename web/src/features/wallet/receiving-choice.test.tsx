import { DEFAULT_SITE_SETTINGS } from '@khelaghor/contract/site-defaults';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestAuthProvider } from '../../shared/auth/auth';
import AddMoneyPage from './add-money-page';

/**
 * With several bKash numbers the buyer says which one they sent to (issue 32): the payment SMS
 * must come to that number's phone. No choice, no request.
 */
const FIRST = '01712345678';
const SECOND = '01787654321';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let posted: Array<Record<string, unknown>> = [];

beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/site'))
        return json({
          slides: [],
          announcement: null,
          seo: [],
          settings: DEFAULT_SITE_SETTINGS,
          receiving_accounts: {
            wallets: [
              { provider: 'bkash', number: FIRST, type: 'personal' },
              { provider: 'bkash', number: SECOND, type: 'agent' },
            ],
            banks: [],
            updated_at: null,
          },
        });
      if (url.endsWith('/api/me')) return json({ id: 'u1', email: 'a@b.c', balance: 0 });
      if (url.includes('/api/wallet/manual-topups') && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return json({ payment: {} }, 201);
      }
      if (url.includes('/api/wallet/manual-topups')) return json({ items: [], cursor: null });
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillRequest() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TestAuthProvider value={{ user: { userId: 'u1', email: 'a@b.c' } as never }}>
        <MemoryRouter initialEntries={['/add-money']}>
          <AddMoneyPage />
        </MemoryRouter>
      </TestAuthProvider>
    </QueryClientProvider>,
  );
  await userEvent.click(await screen.findByRole('radio', { name: /bKash/ }));
  await userEvent.click(screen.getByRole('button', { name: 'I sent money (TrxID)' }));
  fireEvent.change(screen.getByLabelText('Amount (BDT)'), { target: { value: '500' } });
  fireEvent.change(screen.getByLabelText(/Sender Number/), { target: { value: '01812345678' } });
  fireEvent.change(screen.getByLabelText(/Transaction ID/), { target: { value: 'BK12345678' } });
}

describe('the number the buyer sent to', () => {
  it('is asked for when the shop shows several, and sent with the request', async () => {
    await fillRequest();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(posted).toEqual([]);
    await userEvent.click(await screen.findByRole('radio', { name: SECOND }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      amount: 50_000,
      transaction_id: 'BK12345678',
      receiving_number: SECOND,
    });
  });
});
