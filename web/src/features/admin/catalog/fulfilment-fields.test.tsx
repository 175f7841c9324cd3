import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VariantForm } from './variants';
import { emptyFulfilment } from './fulfilment-fields';

vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
vi.mock('sonner', () => import('../test-sonner-mock'));

afterEach(cleanup);

/** What fulfils a package (issue 31): the selector and the fields each kind needs. */
describe("VariantForm: a package's fulfilment", () => {
  const products = [{ id: 'p1', name: 'Free Fire' }];
  const fillBasics = async () => {
    await userEvent.selectOptions(screen.getByLabelText('Product'), 'p1');
    await userEvent.type(screen.getByLabelText('Name'), '100 Diamonds');
    await userEvent.type(screen.getByLabelText('Price (৳)'), '85');
  };

  it('sends a UniPin top-up with its product and game code, and asks for the game code first', async () => {
    const onSubmit = vi.fn();
    render(<VariantForm products={products} pending={false} onSubmit={onSubmit} />);
    await fillBasics();
    await userEvent.selectOptions(screen.getByLabelText('Fulfilled by'), 'supplier_topup');
    await userEvent.selectOptions(screen.getByLabelText('Supplier'), 'unipin');
    await userEvent.type(screen.getByLabelText(/^Supplier's product ID/), 'FF-100');
    await userEvent.click(screen.getByRole('button', { name: 'Create Variant' }));
    expect(await screen.findByText("Please enter the supplier's game code")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/^Supplier's game code/), 'FREEFIRE');
    await userEvent.click(screen.getByRole('button', { name: 'Create Variant' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        fulfilment: {
          kind: 'supplier_topup',
          supplier: 'unipin',
          supplier_product_id: 'FF-100',
          game_code: 'FREEFIRE',
        },
      }),
    );
  });

  it('an operator needs no supplier; a saved setting opens as saved', async () => {
    const onSubmit = vi.fn();
    render(<VariantForm products={products} pending={false} onSubmit={onSubmit} />);
    await fillBasics();
    await userEvent.selectOptions(screen.getByLabelText('Fulfilled by'), 'operator');
    expect(screen.queryByLabelText('Supplier')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create Variant' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        fulfilment: { kind: 'operator', supplier: null, supplier_product_id: null, game_code: null },
      }),
    );
    cleanup();
    render(
      <VariantForm
        products={products}
        pending={false}
        onSubmit={vi.fn()}
        initial={{
          product_id: 'p1',
          name: 'Google Play ৳500',
          description: '',
          name_bn: '',
          description_bn: '',
          price: '520.00',
          units: '',
          unit_name: '',
          unit_name_bn: '',
          face_value: '',
          ...emptyFulfilment,
          supplier: 'moogold',
          supplier_product_id: '3001',
          is_active: true,
        }}
      />,
    );
    expect((screen.getByLabelText('Fulfilled by') as HTMLSelectElement).value).toBe('stock');
    expect((screen.getByLabelText('Supplier') as HTMLSelectElement).value).toBe('moogold');
  });
});
