import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VariantForm } from './variants';
import { emptyFulfilment } from './fulfilment-fields';

vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
vi.mock('sonner', () => import('../test-sonner-mock'));

afterEach(cleanup);

/** What a package gives (issue 35): units with their name, a gift card's face value. */
describe("VariantForm: a package's units and face value", () => {
  const products = [{ id: 'p1', name: 'Free Fire' }];
  const fillBasics = async () => {
    await userEvent.selectOptions(screen.getByLabelText('Product'), 'p1');
    await userEvent.type(screen.getByLabelText('Name'), '100 Diamonds');
    await userEvent.type(screen.getByLabelText('Price (৳)'), '85');
  };

  it('sends the units with their names and the face value in poisha', async () => {
    const onSubmit = vi.fn();
    render(<VariantForm products={products} pending={false} onSubmit={onSubmit} />);
    await fillBasics();
    await userEvent.type(screen.getByLabelText(/^Units in the package/), '100');
    await userEvent.type(screen.getByLabelText(/^Unit name \(one unit/), 'diamond');
    await userEvent.type(screen.getByLabelText('Unit name in Bangla'), 'ডায়মন্ড');
    await userEvent.type(screen.getByLabelText(/^Face value/), '80.50');
    await userEvent.click(screen.getByRole('button', { name: 'Create Variant' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        price: 8500,
        units: 100,
        unit_name: 'diamond',
        unit_name_bn: 'ডায়মন্ড',
        face_value: 8050,
      }),
    );
  });

  it('refuses units without a unit name, and a count that is not whole', async () => {
    const onSubmit = vi.fn();
    render(<VariantForm products={products} pending={false} onSubmit={onSubmit} />);
    await fillBasics();
    const units = screen.getByLabelText(/^Units in the package/);
    await userEvent.type(units, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Create Variant' }));
    expect(await screen.findByText('Please enter the unit name (e.g. diamond)')).toBeTruthy();
    await userEvent.clear(units);
    await userEvent.type(units, '2.5');
    await userEvent.type(screen.getByLabelText(/^Unit name \(one unit/), 'UC');
    await userEvent.click(screen.getByRole('button', { name: 'Create Variant' }));
    expect(await screen.findByText('Units must be a whole number from 1 to 10000000')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('opens a saved package with its units and face value in taka', () => {
    render(
      <VariantForm
        products={products}
        pending={false}
        onSubmit={vi.fn()}
        initial={{
          product_id: 'p1',
          name: '৳500 Gift Card',
          description: '',
          name_bn: '',
          description_bn: '',
          price: '520.00',
          units: '',
          unit_name: '',
          unit_name_bn: '',
          face_value: '500.00',
          ...emptyFulfilment,
          is_active: true,
        }}
      />,
    );
    expect((screen.getByLabelText(/^Face value/) as HTMLInputElement).value).toBe('500.00');
    expect((screen.getByLabelText(/^Units in the package/) as HTMLInputElement).value).toBe('');
  });
});
