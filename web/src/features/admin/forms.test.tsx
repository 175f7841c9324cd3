import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunk, parseCodeList } from './stock/codes';
import { toCsv } from './lib/csv';
import { sectionFor } from './sections';
import { checkCategoryName } from './catalog/categories';
import { matchesOrderSearch } from './orders/orders';
import { paymentBadge } from './payments/payments';
import { ProductForm } from './catalog/products';
import { SeoForm } from './site/seo';
import { stockBadge, VariantForm } from './catalog/variants';
import { validateAdjustment } from './wallet/wallet';

vi.mock('../../shared/api/client', () => import('./test-api-mock'));
vi.mock('sonner', () => import('./test-sonner-mock'));

afterEach(cleanup);

describe('VariantForm', () => {
  const products = [{ id: 'p1', name: 'Free Fire' }];

  it('shows the required-field messages and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(<VariantForm products={products} pending={false} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Variant' }));
    expect(screen.getByText('Please select a product')).toBeTruthy();
    expect(screen.getByText('Variant name is required')).toBeTruthy();
    expect(screen.getByText('Price is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the taka price as poisha (step 0.01)', async () => {
    const onSubmit = vi.fn();
    render(<VariantForm products={products} pending={false} onSubmit={onSubmit} />);
    const price = screen.getByLabelText('Price (৳)');
    expect(price.getAttribute('step')).toBe('0.01');
    await userEvent.selectOptions(screen.getByLabelText('Product'), 'p1');
    await userEvent.type(screen.getByLabelText('Name'), '100 Diamonds');
    await userEvent.type(price, '99.95');
    await userEvent.click(screen.getByRole('button', { name: 'Create Variant' }));
    expect(onSubmit).toHaveBeenCalledWith({
      product_id: 'p1',
      name: '100 Diamonds',
      description: null,
      name_bn: null,
      description_bn: null,
      price: 9995,
      units: null,
      unit_name: null,
      unit_name_bn: null,
      face_value: null,
      fulfilment: { kind: 'stock', supplier: null, supplier_product_id: null, game_code: null },
      is_active: true,
    });
  });

  it('refuses a price with more than two decimals', async () => {
    const onSubmit = vi.fn();
    render(<VariantForm products={products} pending={false} onSubmit={onSubmit} />);
    await userEvent.selectOptions(screen.getByLabelText('Product'), 'p1');
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    fireEvent.change(screen.getByLabelText('Price (৳)'), { target: { value: '1.234' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Variant' }));
    expect(screen.getByText('Please enter a valid price')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('ProductForm', () => {
  it('requires a name, then sends the product with defaults', async () => {
    const onSubmit = vi.fn();
    render(<ProductForm categories={['Gift Card']} pending={false} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByText('Product name is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), 'Steam Wallet');
    await userEvent.type(screen.getByLabelText('Category'), 'Gift Card');
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Steam Wallet',
        category: 'Gift Card',
        is_active: true,
        display_order: 0,
      }),
    );
  });
});

describe('SeoForm', () => {
  it('counts characters and enforces 60/160', async () => {
    const onSubmit = vi.fn();
    render(<SeoForm pending={false} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Page path'), '/');
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'x'.repeat(61) } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'y'.repeat(161) } });
    expect(screen.getByText('61/60')).toBeTruthy();
    expect(screen.getByText('161/160')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create SEO settings' }));
    expect(screen.getByText('Title must be at most 60 characters')).toBeTruthy();
    expect(screen.getByText('Description must be at most 160 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('the counter and the save agree: spaces at the ends are not counted, 61 is refused', async () => {
    const onSubmit = vi.fn();
    render(<SeoForm pending={false} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Page path'), '/');
    const title = screen.getByLabelText(/^Title/);
    // 60 characters between spaces: the counter says it fits, and the save takes it.
    fireEvent.change(title, { target: { value: `  ${'x'.repeat(60)}  ` } });
    expect(screen.getByText('60/60').className).not.toContain('text-destructive');
    await userEvent.click(screen.getByRole('button', { name: 'Create SEO settings' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // 61: the counter says too long, and the save refuses it with the message.
    onSubmit.mockClear();
    fireEvent.change(title, { target: { value: ` ${'x'.repeat(61)} ` } });
    expect(screen.getByText('61/60').className).toContain('text-destructive');
    await userEvent.click(screen.getByRole('button', { name: 'Create SEO settings' }));
    expect(await screen.findByText('Title must be at most 60 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps page_path fixed when editing and does not send it', async () => {
    const onSubmit = vi.fn();
    render(
      <SeoForm
        pending={false}
        onSubmit={onSubmit}
        initial={{ page_path: '/about', title: 'About', description: '', keywords: '', og_image: '' }}
      />,
    );
    expect((screen.getByLabelText('Page path') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Update SEO settings' }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'About',
      description: null,
      keywords: null,
      og_image: null,
    });
  });
});

describe('rules of the sections', () => {
  it('wallet adjustment messages', () => {
    expect(validateAdjustment({ userId: '', amount: '10' })).toEqual({
      error: 'Please fill all required fields',
    });
    expect(validateAdjustment({ userId: 'u', amount: ' ' })).toEqual({
      error: 'Please fill all required fields',
    });
    expect(validateAdjustment({ userId: 'u', amount: 'abc' })).toEqual({
      error: 'Please enter a valid amount',
    });
    expect(validateAdjustment({ userId: 'u', amount: '0' })).toEqual({
      error: 'Please enter a valid amount',
    });
    expect(validateAdjustment({ userId: 'u', amount: '150.5' })).toEqual({ poisha: 15050 });
  });

  it('category names: required, then unique ignoring case', () => {
    expect(checkCategoryName('  ', ['Gift Card'])).toBe('Category name is required');
    expect(checkCategoryName('gift card', ['Gift Card'])).toBe('Category already exists');
    expect(checkCategoryName('Gift card', ['Gift Card'], 'Gift Card')).toBeUndefined();
    expect(checkCategoryName('Top Up', ['Gift Card'])).toBeUndefined();
  });

  it('stock and payment badges follow the spec', () => {
    expect([stockBadge(11), stockBadge(10), stockBadge(1), stockBadge(0)]).toEqual([
      'default',
      'secondary',
      'secondary',
      'destructive',
    ]);
    expect([
      paymentBadge('completed'),
      paymentBadge('pending'),
      paymentBadge('failed'),
      paymentBadge('rejected'),
    ]).toEqual(['default', 'secondary', 'destructive', 'destructive']);
  });

  it('unknown sections show products; /admin is the overview', () => {
    expect(sectionFor(undefined)).toBe('overview');
    expect(sectionFor('wallet')).toBe('wallet');
    expect(sectionFor('nope')).toBe('products');
  });

  it('order search: id prefix, email, player UID', () => {
    const o = {
      id: '01JABCDEF',
      user_email: 'Rahim@Example.com',
      user_name: null,
      variant_name: '',
      product_name: '',
      player_uid: '123456789',
      player_name: null,
      whatsapp_number: null,
      total_amount: 0,
      status: 'pending' as const,
      created_at: '',
    };
    expect(matchesOrderSearch(o, '01jab')).toBe(true);
    expect(matchesOrderSearch(o, 'rahim@')).toBe(true);
    expect(matchesOrderSearch(o, '3456')).toBe(true);
    expect(matchesOrderSearch(o, 'ABCDEF')).toBe(false);
  });

  it('code lists: lines, CSV first column, header and duplicates', () => {
    const { codes, duplicates } = parseCodeList('code,note\nAAA-1, x\n\n"BBB-2"\r\nAAA-1\n  CCC-3  ');
    expect(codes).toEqual(['AAA-1', 'BBB-2', 'CCC-3']);
    expect(duplicates).toEqual(['AAA-1']);
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('CSV export quotes and defuses formulas', () => {
    expect(toCsv(['a', 'b'], [['x,y', '=SUM(A1)']])).toBe('a,b\r\n"x,y",\'=SUM(A1)\r\n');
  });
});
