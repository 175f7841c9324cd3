import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../shared/i18n/i18n';
import PagesSection from './site/pages';
import PaymentsSection from './payments/payments';
import PromotionsSection from './promos/promotions';

vi.mock('sonner', () => import('./test-sonner-mock'));
vi.mock('../../shared/api/client', () => import('./test-api-mock'));
const { call: callMock, resetAfterEach } = await import('./test-api-mock');

beforeEach(() => act(() => setLocale('bn')));
resetAfterEach(() => act(() => setLocale('en')));

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );

const payment = {
  id: 'pay-0001-aaaa',
  kind: 'topup',
  order_id: null,
  user_id: 'u1',
  user_email: 'buyer@shop.test',
  amount: 123_400,
  payment_method: 'bkash',
  payment_provider: 'uddoktapay',
  status: 'completed',
  invoice_id: 'INV1',
  transaction_id: 'TRX1',
  sender_number: null,
  note: null,
  created_at: '2025-01-02T10:00:00Z',
  updated_at: '2025-01-02T10:00:00Z',
};

describe('admin settings sections in Bangla', () => {
  it('Payment Management: Bangla headings, kinds and statuses, taka in Bangla digits', async () => {
    callMock.mockResolvedValue({ items: [payment], cursor: null });
    wrap(<PaymentsSection />);
    expect(screen.getByText('পেমেন্ট ম্যানেজমেন্ট')).toBeTruthy();
    const row = within((await screen.findByText('buyer@shop.test')).closest('tr')!);
    expect(row.getByText('৳১,২৩৪.০০')).toBeTruthy();
    expect(row.getByText('টপ-আপ')).toBeTruthy();
    expect(row.getByText('সম্পন্ন')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'লেনদেন' })).toBeTruthy();
  });

  it('Promotions: discount, scope and uses read in Bangla', async () => {
    callMock.mockImplementation(async (name: string) => {
      if (name === 'adminListPromos')
        return {
          items: [
            {
              code: 'EID50',
              discount_type: 'fixed',
              discount_value: 5_000,
              min_order: 20_000,
              scope: { type: 'all' },
              starts_at: null,
              ends_at: null,
              max_uses: 100,
              max_uses_per_customer: 1,
              is_active: true,
              uses: 3,
              discount_given: 15_000,
              created_at: '2025-01-01T00:00:00Z',
              updated_at: '2025-01-01T00:00:00Z',
            },
          ],
        };
      return { items: [] };
    });
    wrap(<PromotionsSection />);
    const row = within((await screen.findByText('EID50')).closest('tr')!);
    expect(row.getByText('৳৫০.০০ ছাড়, সর্বনিম্ন ৳২০০.০০')).toBeTruthy();
    expect(row.getByText('সব প্যাকেজ')).toBeTruthy();
    expect(row.getByText('সবসময়')).toBeTruthy();
    expect(row.getByTestId('promo-uses').textContent).toContain('৩ / ১০০');
    expect(row.getByText('সক্রিয়')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'প্রোমো কোড যোগ করুন' })).toBeTruthy();
  });

  it('Pages: Bangla tabs and labels, and the Bangla toast on save', async () => {
    callMock.mockImplementation(async (name: string, opts: { params: { slug: string }; body?: object }) => {
      const page = {
        slug: opts.params.slug,
        title: 'Refund Policy',
        body: 'Codes are final.',
        faq: [],
        title_bn: null,
        body_bn: '',
        faq_bn: [],
        updated_at: null,
      };
      return name === 'adminGetPage' ? { page } : { page: { ...page, ...opts.body }, message: 'Page saved' };
    });
    wrap(<PagesSection />);
    await userEvent.click(screen.getByRole('tab', { name: 'রিফান্ড নীতি' }));
    await waitFor(() =>
      expect((screen.getByLabelText('শিরোনাম') as HTMLInputElement).value).toBe('Refund Policy'),
    );
    await userEvent.type(screen.getByLabelText('শিরোনাম (বাংলা)'), 'রিফান্ড নীতি');
    await userEvent.click(screen.getByRole('button', { name: 'রিফান্ড নীতি সেভ করুন' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(
        'adminPutPage',
        expect.objectContaining({ body: expect.objectContaining({ title_bn: 'রিফান্ড নীতি' }) }),
      ),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('পেজ সেভ হয়েছে', undefined));
  });
});
