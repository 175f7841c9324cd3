import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../shared/api/client';
import { TestAuthProvider } from '../../shared/auth/auth';
import { setLocale } from '../../shared/i18n/i18n';
import { AdminLayout } from './admin-layout';
import { RowActions } from './components/crud';
import { statusChangeQuestion } from './orders/orders';
import OverviewSection from './overview/overview';
import { ProductForm } from './catalog/products';
import { VariantForm } from './catalog/variants';
import { emptyFulfilment } from './catalog/fulfilment-fields';

vi.mock('../../shared/api/client', () => import('./test-api-mock'));
vi.mock('sonner', () => import('./test-sonner-mock'));

const stats = {
  sales_per_day: [{ date: '2026-11-05', total: 123400, orders: 3 }],
  orders_by_status: { completed: 3, pending: 1 },
  revenue: 123400,
  revenue_14d: 123400,
  low_stock_level: 10,
  low_stock: [
    {
      variant_id: 'v1',
      product_id: 'p1',
      product_name: 'Free Fire',
      variant_name: '100 Diamonds',
      stock: 2,
      is_active: true,
    },
  ],
  generated_at: '2026-11-05T10:00:00.000Z',
};

function renderOverview() {
  vi.mocked(call).mockResolvedValue(stats);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TestAuthProvider
        value={{ user: { userId: 'a1', email: 'admin@example.com', isAdmin: true, groups: ['admin'] } }}
      >
        <MemoryRouter>
          <AdminLayout active="overview">
            <OverviewSection />
          </AdminLayout>
        </MemoryRouter>
      </TestAuthProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  act(() => setLocale('en'));
  localStorage.clear();
});

describe('the admin dashboard in Bangla', () => {
  it("the header's switch turns the layout and the overview into Bangla, money in Bangla digits", async () => {
    renderOverview();
    expect(await screen.findByText('100 Diamonds')).toBeTruthy();
    expect(screen.getAllByText('Low-stock variants').length).toBe(2);
    expect(screen.getAllByText('Admin Dashboard').length).toBeGreaterThan(0);

    await userEvent.click(screen.getAllByTestId('language-switch')[0]!);

    expect(screen.getAllByText('অ্যাডমিন ড্যাশবোর্ড').length).toBeGreaterThan(0);
    const nav = screen.getAllByRole('navigation', { name: 'অ্যাডমিন সেকশন' })[0]!;
    expect(within(nav).getByRole('link', { name: 'ওয়ালেট ম্যানেজমেন্ট' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'ওভারভিউ' })).toBeTruthy();
    expect(screen.getAllByText('৳১,২৩৪.০০').length).toBeGreaterThan(0);
    expect(screen.getByText('দিনভিত্তিক বিক্রি')).toBeTruthy();
    expect(screen.getAllByText('স্টক কম এমন প্যাকেজ').length).toBe(2);
    expect(screen.getByTestId('status-count-completed').textContent).toBe('৩');
    expect(screen.getAllByText('সম্পন্ন').length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: 'দিনভিত্তিক বিক্রি, গত 1 দিন' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('bn');
  });

  it('asks before a delete and a refund in Bangla', async () => {
    act(() => setLocale('bn'));
    render(<RowActions name="Free Fire" onEdit={vi.fn()} onDelete={vi.fn()} deleting={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Free Fire মুছুন' }));
    const dialog = await screen.findByRole('dialog', { name: 'আপনি কি নিশ্চিত?' });
    expect(dialog.textContent).toContain('Free Fire মুছুন? এটি আর ফেরানো যাবে না।');
    expect(within(dialog).getByRole('button', { name: 'বাতিল' })).toBeTruthy();

    const order = { id: '01HXYZABCDEF', status: 'completed' as const, total_amount: 15050, user_email: null };
    expect(statusChangeQuestion(order, 'refunded').description).toBe('ক্রেতার ওয়ালেটে ৳১৫০.৫০ রিফান্ড করবেন?');
    expect(statusChangeQuestion(order, 'failed').description).toBe(
      'অর্ডার 01HXYZAB-এর স্ট্যাটাস সম্পন্ন থেকে ব্যর্থ করবেন?',
    );
  });
});

describe('Bangla content fields', () => {
  it('the product form sends the Bangla name, description, UID message and steps beside the English ones', async () => {
    const onSubmit = vi.fn();
    render(<ProductForm categories={[]} pending={false} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Free Fire');
    await userEvent.type(screen.getByLabelText('Name (Bangla)'), 'ফ্রি ফায়ার');
    await userEvent.type(screen.getByLabelText('Description (Bangla)'), 'ডায়মন্ড টপ-আপ');
    await userEvent.type(screen.getByLabelText('Message for a wrong UID (Bangla)'), 'সঠিক UID দিন');
    await userEvent.type(
      screen.getByLabelText('How to find the Player ID in Bangla (one step per line)'),
      'গেম খুলুন{enter}প্রোফাইলে যান',
    );
    await userEvent.type(screen.getByLabelText('Redeem steps in Bangla (one per line)'), 'কোড কপি করুন');
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Free Fire',
        name_bn: 'ফ্রি ফায়ার',
        description_bn: 'ডায়মন্ড টপ-আপ',
        uid_message_bn: 'সঠিক UID দিন',
        uid_help_bn: ['গেম খুলুন', 'প্রোফাইলে যান'],
        redeem_steps_bn: ['কোড কপি করুন'],
      }),
    );
  });

  it('the variant form keeps the Bangla name it was given and labels its fields in Bangla', async () => {
    act(() => setLocale('bn'));
    const onSubmit = vi.fn();
    render(
      <VariantForm
        products={[{ id: 'p1', name: 'Free Fire' }]}
        pending={false}
        onSubmit={onSubmit}
        initial={{
          product_id: 'p1',
          name: '100 Diamonds',
          description: '',
          name_bn: '১০০ ডায়মন্ড',
          description_bn: '',
          price: '99.00',
          units: '',
          unit_name: '',
          unit_name_bn: '',
          face_value: '',
          ...emptyFulfilment,
          is_active: true,
        }}
      />,
    );
    expect((screen.getByLabelText('নাম (বাংলা)') as HTMLInputElement).value).toBe('১০০ ডায়মন্ড');
    await userEvent.click(screen.getByRole('button', { name: 'প্যাকেজ আপডেট করুন' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: '100 Diamonds', name_bn: '১০০ ডায়মন্ড', description_bn: null }),
    );
  });
});
