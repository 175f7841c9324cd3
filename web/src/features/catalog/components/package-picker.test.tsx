import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../shared/i18n/i18n';
import type { Product } from '../api';
import { PackagePicker } from './package-picker';

/** Best value, honestly (issue 35): the page shows the server's figures and badges, formatted. */
type Variant = Product['variants'][number];
const pkg = (over: Partial<Variant> & Pick<Variant, 'id' | 'name' | 'price'>): Variant => ({
  product_id: 'p1',
  description: null,
  name_bn: null,
  description_bn: null,
  units: null,
  unit_name: null,
  unit_name_bn: null,
  unit_price: null,
  face_value: null,
  stock: 20,
  delivery: 'code',
  delivery_minutes: null,
  best_value: false,
  popular: false,
  ...over,
});

const diamonds = [
  pkg({
    id: 'a',
    name: '100 Diamonds',
    price: 8_500,
    units: 100,
    unit_name: 'diamond',
    unit_name_bn: 'ডায়মন্ড',
    unit_price: 85,
  }),
  pkg({
    id: 'b',
    name: '520 Diamonds',
    price: 40_000,
    units: 520,
    unit_name: 'diamond',
    unit_name_bn: 'ডায়মন্ড',
    unit_price: 77,
    best_value: true,
  }),
  pkg({ id: 'c', name: 'Weekly Pass', price: 16_000, popular: true }),
];
const card = (name: string) => screen.getByText(name).closest('label')!;

afterEach(() => {
  cleanup();
  act(() => setLocale('en'));
});

describe('PackagePicker', () => {
  it('shows the price per unit where the package has units, and the badges where the server put them', () => {
    render(<PackagePicker variants={diamonds} value={undefined} onChange={() => {}} />);
    expect(within(card('100 Diamonds')).getByTestId('unit-price').textContent).toBe('৳0.85 / diamond');
    expect(within(card('520 Diamonds')).getByTestId('unit-price').textContent).toBe('৳0.77 / diamond');
    expect(within(card('Weekly Pass')).queryByTestId('unit-price')).toBeNull();

    expect(within(card('520 Diamonds')).getByTestId('best-value').textContent).toBe('Best value');
    expect(within(card('100 Diamonds')).queryByTestId('best-value')).toBeNull();
    expect(within(card('Weekly Pass')).getByTestId('popular').textContent).toBe('Popular');
    expect(screen.getAllByTestId('best-value')).toHaveLength(1);
    expect(screen.getAllByTestId('popular')).toHaveLength(1);
  });

  it("shows a gift card's face value beside its price", () => {
    const gift = [pkg({ id: 'g', name: '৳500 Gift Card', price: 52_000, face_value: 50_000 })];
    render(<PackagePicker variants={gift} value={undefined} onChange={() => {}} />);
    expect(screen.getByTestId('face-value').textContent).toBe('৳500.00 card for ৳520.00');
    expect(screen.queryByTestId('unit-price')).toBeNull();
  });

  it('says it all in Bangla, with Bangla digits and the Bangla unit', () => {
    act(() => setLocale('bn'));
    const gift = pkg({ id: 'g', name: '৳500 Gift Card', price: 52_000, face_value: 50_000 });
    render(<PackagePicker variants={[...diamonds, gift]} value={undefined} onChange={() => {}} />);
    expect(within(card('100 Diamonds')).getByTestId('unit-price').textContent).toBe('৳০.৮৫ / ডায়মন্ড');
    expect(screen.getByTestId('best-value').textContent).toBe('সবচেয়ে সাশ্রয়ী');
    expect(screen.getByTestId('popular').textContent).toBe('জনপ্রিয়');
    expect(screen.getByTestId('face-value').textContent).toBe('৳৫০০.০০-এর কার্ড ৳৫২০.০০-এ');
  });
});
