import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { PromoForm, promoFormValues } from './promo-form';
import PromotionsSection, { scopeText, windowText } from './promotions';

vi.mock('sonner', () => import('../test-sonner-mock'));
vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
const { call: callMock, resetAfterEach } = await import('../test-api-mock');

resetAfterEach();

const products = [
  { id: 'p1', label: 'Free Fire' },
  { id: 'p2', label: 'PUBG Mobile' },
];
const variants = [{ id: 'v1', label: 'Free Fire – 115 Diamonds' }];

const promo = {
  code: 'EID50',
  discount_type: 'fixed' as const,
  discount_value: 5_000,
  min_order: 20_000,
  scope: { type: 'variants' as const, ids: ['v1'] },
  starts_at: null,
  ends_at: '2030-01-01T00:00:00.000Z',
  max_uses: 100,
  max_uses_per_customer: 1,
  is_active: true,
  uses: 3,
  discount_given: 15_000,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

describe('PromoForm', () => {
  it('sends taka as poisha, the chosen products and the limits', async () => {
    const onSubmit = vi.fn();
    render(<PromoForm products={products} variants={variants} pending={false} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Code'), 'eid-sale');
    await userEvent.selectOptions(screen.getByLabelText('Discount type'), 'fixed');
    await userEvent.type(screen.getByLabelText('Discount (৳)'), '50.50');
    await userEvent.type(screen.getByLabelText('Minimum order (৳)'), '200');
    await userEvent.selectOptions(screen.getByLabelText('Applies to'), 'products');
    await userEvent.click(screen.getByRole('checkbox', { name: 'PUBG Mobile' }));
    await userEvent.type(screen.getByLabelText('Total uses'), '100');
    await userEvent.type(screen.getByLabelText('Uses per customer'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Promo code' }));
    expect(onSubmit).toHaveBeenCalledWith({
      code: 'EID-SALE',
      discount_type: 'fixed',
      discount_value: 5050,
      min_order: 20_000,
      scope: { type: 'products', ids: ['p2'] },
      starts_at: null,
      ends_at: null,
      max_uses: 100,
      max_uses_per_customer: 1,
      is_active: true,
    });
  });

  it("shows the contract's messages and sends nothing", async () => {
    const onSubmit = vi.fn();
    render(<PromoForm products={products} variants={variants} pending={false} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Code'), 'x!');
    fireEvent.change(screen.getByLabelText('Discount (%)'), { target: { value: '150' } });
    await userEvent.selectOptions(screen.getByLabelText('Applies to'), 'variants');
    await userEvent.click(screen.getByRole('button', { name: 'Create Promo code' }));
    expect(screen.getByText('Promo code must be 3-24 letters, digits or dashes')).toBeTruthy();
    expect(screen.getByText('A percentage is 1 to 100')).toBeTruthy();
    expect(screen.getByText('Please choose at least one')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('edits every field but the code, which is not sent', async () => {
    const onSubmit = vi.fn();
    render(
      <PromoForm
        products={products}
        variants={variants}
        pending={false}
        onSubmit={onSubmit}
        initial={promoFormValues(promo)}
      />,
    );
    expect((screen.getByLabelText('Code') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Discount (৳)') as HTMLInputElement).value).toBe('50.00');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Promo code' }));
    expect(onSubmit).toHaveBeenCalledWith({
      discount_type: 'fixed',
      discount_value: 5_000,
      min_order: 20_000,
      scope: { type: 'variants', ids: ['v1'] },
      starts_at: null,
      ends_at: '2030-01-01T00:00:00.000Z',
      max_uses: 100,
      max_uses_per_customer: 1,
      is_active: false,
    });
  });
});

describe('Promotions section', () => {
  it('lists codes with uses and discount given, creates one (toast) and shows the orders of a code', async () => {
    callMock.mockImplementation(async (name: string) => {
      switch (name) {
        case 'adminListPromos':
          return { items: [promo] };
        case 'adminListProducts':
          return { items: [{ id: 'p1', name: 'Free Fire' }] };
        case 'adminListVariants':
          return { items: [{ id: 'v1', name: '115 Diamonds', product_name: 'Free Fire' }] };
        case 'adminCreatePromo':
          return { promo: { ...promo, code: 'NEW10' }, message: 'Promo code created' };
        case 'adminGetPromo':
          return {
            promo,
            orders: {
              items: [
                {
                  id: 'order-0001',
                  user_id: 'u1',
                  user_email: 'buyer@shop.test',
                  product_name: 'Free Fire',
                  variant_name: '115 Diamonds',
                  list_amount: 25_000,
                  discount_amount: 5_000,
                  total_amount: 20_000,
                  status: 'completed',
                  created_at: '2025-01-02T00:00:00Z',
                },
              ],
              cursor: null,
            },
          };
        default:
          throw new Error(`unexpected ${name}`);
      }
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PromotionsSection />
      </QueryClientProvider>,
    );
    const row = await screen.findByText('EID50');
    const tr = within(row.closest('tr')!);
    expect(tr.getByTestId('promo-uses').textContent).toContain('3 / 100');
    expect(tr.getByText('৳50.00 off, min ৳200.00')).toBeTruthy();
    expect(tr.getByText('Packages: Free Fire – 115 Diamonds')).toBeTruthy();
    expect(tr.getByTestId('promo-discount-given').textContent).toBe('৳150.00');

    await userEvent.click(screen.getByRole('button', { name: 'Add Promo code' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('Code'), 'NEW10');
    await userEvent.type(dialog.getByLabelText('Discount (%)'), '10');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Promo code' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('adminCreatePromo', {
        body: expect.objectContaining({
          code: 'NEW10',
          discount_type: 'percent',
          discount_value: 10,
          scope: { type: 'all' },
        }),
      }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Promo code created successfully', undefined),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Details of EID50' }));
    const details = within(await screen.findByRole('dialog'));
    expect(await details.findByText('buyer@shop.test')).toBeTruthy();
    expect(details.getByText('−৳50.00')).toBeTruthy();
    expect(details.getByText('৳150.00')).toBeTruthy();
  });

  it('describes scopes and windows', () => {
    const names = new Map([
      ['p1', 'Free Fire'],
      ['p2', 'PUBG'],
      ['p3', 'Steam'],
    ]);
    expect(scopeText({ type: 'all' }, names)).toBe('All packages');
    expect(scopeText({ type: 'products', ids: ['p1', 'p2', 'p3'] }, names)).toBe(
      'Products: Free Fire, PUBG +1',
    );
    expect(windowText({ starts_at: null, ends_at: null })).toBe('Always');
  });
});
