import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../shared/i18n/i18n';
import type { Product } from '../api';
import type { PlayerLookup } from '../hooks/use-player-lookup';
import { OrderSummary } from './order-summary';
import { ProductInfo } from './product-info';

/** Issue 31: the product page says what the buyer gets with the chosen package, in both languages. */
type Variant = Product['variants'][number];
const pkg = (over: Partial<Variant>): Variant => ({
  id: 'v1',
  product_id: 'p1',
  name: '100 Diamonds',
  description: null,
  name_bn: null,
  description_bn: null,
  price: 9_000,
  units: null,
  unit_name: null,
  unit_name_bn: null,
  unit_price: null,
  face_value: null,
  stock: 999,
  delivery: 'code',
  delivery_minutes: null,
  best_value: false,
  popular: false,
  ...over,
});
const lookup = {
  needsUid: false,
  lookupAvailable: false,
  complete: true,
  uid: '',
} as unknown as PlayerLookup;
const product = {
  description: null,
  description_bn: null,
  account_fields: 'player_uid',
  redeem_url: 'https://redeem.example',
} as const;

function renderPage(variant: Variant) {
  render(
    <>
      <OrderSummary variant={variant} lookup={lookup} />
      <ProductInfo product={product} variant={variant} />
    </>,
  );
}

afterEach(() => {
  cleanup();
  act(() => setLocale('en'));
});

describe('what the buyer gets', () => {
  it("a supplier's top-up: delivered to the game account within 5 minutes, no code, no redeem link", () => {
    renderPage(pkg({ delivery: 'game_account', delivery_minutes: 5 }));
    expect(screen.getByTestId('you-get').textContent).toBe(
      'Delivered to your game account, usually within 5 minutes',
    );
    expect(screen.getByText(/usually within 5 minutes of payment/)).toBeTruthy();
    expect(screen.queryByText(/You get a code/)).toBeNull();
    expect(screen.queryByText('https://redeem.example')).toBeNull();
  });

  it("an operator's top-up promises the shop's minutes, in Bangla with Bangla digits", () => {
    act(() => setLocale('bn'));
    renderPage(pkg({ delivery: 'game_account', delivery_minutes: 45 }));
    expect(screen.getByTestId('you-get').textContent).toBe(
      'আপনার গেম অ্যাকাউন্টে পৌঁছে যাবে, সাধারণত ৪৫ মিনিটের মধ্যে',
    );
    expect(screen.getByText(/প্রসেসিং/)).toBeTruthy();
  });

  it('a code package says a code, and where to redeem it', () => {
    renderPage(pkg({}));
    expect(screen.getByTestId('you-get').textContent).toBe('A code to redeem');
    expect(screen.getByText(/You get a code/)).toBeTruthy();
    expect(screen.getByText('https://redeem.example')).toBeTruthy();
    act(() => setLocale('bn'));
    expect(screen.getByTestId('you-get').textContent).toBe('রিডিম করার একটি কোড');
  });
});
