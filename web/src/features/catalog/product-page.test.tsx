import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeDisplay } from '../../shared/components/code-display';
import { Toaster } from '../../shared/ui/sonner';
import { setLocale } from '../../shared/i18n/i18n';
import { renderShopAt } from './test-render';

const product = {
  id: 'p1',
  name: 'Free Fire Diamonds',
  description: 'Top up diamonds',
  category: 'Free Fire',
  image_url: null,
  display_order: 0,
  stock: 12,
  variants: [
    { id: 'v1', product_id: 'p1', name: '25 Diamonds', description: null, price: 2500, stock: 5 },
    { id: 'v2', product_id: 'p1', name: '50 Diamonds', description: null, price: 4500, stock: 0 },
    { id: 'v3', product_id: 'p1', name: '115 Diamonds', description: null, price: 8500, stock: 40 },
  ],
  account_fields: 'player_uid',
  uid_pattern: null,
  uid_message: null,
  zone_label: null,
  redeem_steps: [],
  redeem_url: null,
  uid_help: [
    'Open Free Fire.',
    'Tap your avatar at the top left.',
    'Your Player ID (UID) is under your name.',
  ],
};
/** The kinds of DESIGN 11: a gift card asks for nothing, a zone game for UID and zone. */
const giftCard = {
  ...product,
  id: 'gift',
  name: 'Google Play Gift Card',
  account_fields: 'none',
  redeem_url: 'https://play.google.com/redeem',
  variants: [
    { id: 'g1', product_id: 'gift', name: '৳500 Gift Card', description: null, price: 52000, stock: 5 },
  ],
};
const zoneGame = {
  ...product,
  id: 'zone',
  account_fields: 'player_uid_zone',
  zone_label: 'Server ID',
  uid_pattern: '\\d{6,9}',
  uid_help: [],
};
/** Whether the shop has a player lookup provider (API Setup). */
let lookupAvailable = true;
let paymentState: unknown;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let lookups: string[];
/** The admin's Bangla texts on the Free Fire fixture (none unless a test sets them). */
let bangla: Record<string, unknown> = {};

beforeEach(() => {
  lookups = [];
  bangla = {};
  lookupAvailable = true;
  paymentState = undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/products/p1'))
        return json(200, { product: { ...product, ...bangla }, player_lookup: lookupAvailable });
      if (url.endsWith('/api/products/gift'))
        return json(200, { product: giftCard, player_lookup: lookupAvailable });
      if (url.endsWith('/api/products/zone'))
        return json(200, { product: zoneGame, player_lookup: lookupAvailable });
      if (url.endsWith('/api/products/nope'))
        return json(404, { error: { code: 'not_found', message: 'Product not found' } });
      if (url.endsWith('/api/players/lookup')) {
        const uid = (JSON.parse(String(init?.body)) as { player_uid: string }).player_uid;
        lookups.push(uid);
        if (uid === '99999999') return json(404, { error: { code: 'not_found', message: 'Invalid UID' } });
        return json(200, {
          player: {
            player_uid: uid,
            player_name: `Hero${uid.slice(-3)}`,
            level: 42,
            rank: 'Gold',
            provider: 'simulation',
          },
        });
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function PaymentStub() {
  paymentState = useLocation().state;
  return <p>payment page</p>;
}

const renderAt = (path: string) => renderShopAt(path, { payment: <PaymentStub />, toaster: true });

describe('product page', { timeout: 30_000 }, () => {
  it('disables empty packages and warns about low stock', async () => {
    renderAt('/product/p1');
    expect(await screen.findByText('Free Fire Diamonds')).toBeTruthy();
    expect(screen.getByText('Only 5 left')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /50 Diamonds/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: /25 Diamonds/ })).toHaveProperty('disabled', false);
    expect(screen.queryByText('Only 40 left')).toBeNull();
  });

  it('validates the UID, verifies it, and forgets the verification when the UID changes', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/product/p1');
    const uid = await screen.findByLabelText('Player UID *');
    const proceed = screen.getByRole('button', { name: 'Proceed to Payment' });

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findAllByText('Please enter Player UID')).length).toBeGreaterThan(0);

    await user.type(uid, '1234');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid UID')).toBeTruthy();
    expect(lookups).toEqual([]);

    await user.clear(uid);
    await user.type(uid, '123456789');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('player-verified')).toBeTruthy();
    expect(screen.getByTestId('player-verified').textContent).toContain('Hero789');
    expect(proceed).toHaveProperty('disabled', false);

    await user.type(uid, '0');
    expect(screen.queryByTestId('player-verified')).toBeNull();
    expect(proceed).toHaveProperty('disabled', true);
  });

  it("shows 'Player Not Found' when the lookup finds nobody", async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/product/p1');
    await user.type(await screen.findByLabelText('Player UID *'), '99999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Player Not Found')).toBeTruthy();
  });

  it('asks for every field, then sends the order details to the payment page', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/product/p1');
    await user.type(await screen.findByLabelText('Player UID *'), '123456789');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByTestId('player-verified');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('Please fill all required fields')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /25 Diamonds/ }));
    await user.click(screen.getByRole('radio', { name: /Wallet/ }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('payment page')).toBeTruthy();
  });

  it('a gift card asks for no Player UID and proceeds without one', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/product/gift');
    expect(await screen.findByText('Google Play Gift Card')).toBeTruthy();
    expect(screen.getByTestId('no-account-needed')).toBeTruthy();
    expect(screen.queryByLabelText('Player UID *')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(screen.getByText('https://play.google.com/redeem')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /500 Gift Card/ }));
    await user.click(screen.getByRole('radio', { name: /Wallet/ }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('payment page')).toBeTruthy();
    expect(paymentState).toMatchObject({ variantId: 'g1', playerUID: '', playerName: '' });
    expect(lookups).toEqual([]);
  });

  it('with no lookup provider, asks for the UID twice and never shows a name', async () => {
    lookupAvailable = false;
    const user = userEvent.setup({ delay: null });
    renderAt('/product/p1');
    const uid = await screen.findByLabelText('Player UID *');
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /25 Diamonds/ }));
    await user.click(screen.getByRole('radio', { name: /Wallet/ }));
    await user.type(uid, '123456789');
    await user.type(screen.getByLabelText('Confirm Player UID *'), '123456780');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect((await screen.findAllByText('The Player UIDs do not match')).length).toBeGreaterThan(0);
    await user.clear(screen.getByLabelText('Confirm Player UID *'));
    await user.type(screen.getByLabelText('Confirm Player UID *'), '123456789');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('payment page')).toBeTruthy();
    expect(paymentState).toMatchObject({ playerUID: '123456789', playerName: '' });
    expect(lookups).toEqual([]);
  });

  it("a zone game asks for the zone by its label and checks the game's own UID rule", async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/product/zone');
    const uid = await screen.findByLabelText('Player UID *');
    await user.type(uid, '12345678901');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findAllByText('Invalid UID')).length).toBeGreaterThan(0);
    expect(lookups).toEqual([]);
    await user.clear(uid);
    await user.type(uid, '1234567');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findAllByText('Please enter Server ID')).length).toBeGreaterThan(0);
    await user.type(screen.getByLabelText('Server ID *'), '2041');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByTestId('player-verified');
    await user.click(screen.getByRole('radio', { name: /25 Diamonds/ }));
    await user.click(screen.getByRole('radio', { name: /Wallet/ }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('payment page')).toBeTruthy();
    expect(paymentState).toMatchObject({ playerUID: '1234567', playerZone: '2041' });
  });

  it("'How to find your Player ID?' opens and closes the game's steps beside the UID", async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/product/p1');
    await screen.findByLabelText('Player UID *');
    const help = screen.getByRole('button', { name: 'How to find your Player ID?' });
    expect(help.getAttribute('aria-expanded')).toBe('false');
    const steps = document.getElementById(help.getAttribute('aria-controls') ?? '')!;
    expect(steps.tagName).toBe('OL');
    expect(steps.hidden).toBe(true);
    await user.click(help);
    expect(help.getAttribute('aria-expanded')).toBe('true');
    expect(steps.hidden).toBe(false);
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(product.uid_help);
    await user.click(help);
    expect(help.getAttribute('aria-expanded')).toBe('false');
    expect(steps.hidden).toBe(true);
  });

  it('offers no Player ID help for a gift card, nor for a game without steps', async () => {
    renderAt('/product/gift');
    await screen.findByTestId('no-account-needed');
    // The gift card fixture still carries the game's steps: the page hides them all the same.
    expect(giftCard.uid_help.length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'How to find your Player ID?' })).toBeNull();
    cleanup();
    renderAt('/product/zone');
    await screen.findByLabelText('Player UID *');
    expect(screen.queryByRole('button', { name: 'How to find your Player ID?' })).toBeNull();
  });

  it("shows 'Product not found' with Go Home for an unknown product", async () => {
    renderAt('/product/nope');
    expect(await screen.findByText('Product not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeTruthy();
  });

  it("in Bangla: the steps, the admin's Bangla texts and ৳ in Bengali digits; the UID rule's messages too", async () => {
    const user = userEvent.setup({ delay: null });
    bangla = {
      name_bn: 'ফ্রি ফায়ার ডায়মন্ড',
      uid_help_bn: ['ফ্রি ফায়ার খুলুন।', 'বাঁ দিকের উপরে আপনার ছবিতে ট্যাপ করুন।'],
    };
    act(() => setLocale('bn'));
    try {
      renderAt('/product/p1');
      expect(await screen.findByRole('heading', { name: 'ফ্রি ফায়ার ডায়মন্ড' })).toBeTruthy();
      expect(screen.getByText('প্যাকেজ বাছাই করুন')).toBeTruthy();
      expect(screen.getByText('৳২৫.০০')).toBeTruthy();
      expect(screen.getByText('মাত্র ৫টি বাকি')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'প্লেয়ার আইডি কোথায় পাবেন?' }));
      expect(screen.getByText('ফ্রি ফায়ার খুলুন।')).toBeTruthy();
      await user.type(screen.getByLabelText('প্লেয়ার আইডি (UID) *'), '1234');
      await user.click(screen.getByRole('button', { name: 'যাচাই করুন' }));
      expect(await screen.findByText('প্লেয়ার আইডি সঠিক নয়')).toBeTruthy();
      expect(document.getElementById('player-uid-error')?.textContent).toBe(
        'সঠিক প্লেয়ার আইডি দিন (৮-১২ সংখ্যা)',
      );
    } finally {
      act(() => setLocale('en'));
    }
  });
});

describe('code display', () => {
  it('masks the code, reveals it and copies it', async () => {
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <>
        <CodeDisplay code="ABCD-EFGH-1234" />
        <Toaster />
      </>,
    );
    expect(screen.getByTestId('voucher-code').textContent).toBe('ABCD******1234');
    await user.click(screen.getByRole('button', { name: 'Reveal code' }));
    expect(screen.getByTestId('voucher-code').textContent).toBe('ABCD-EFGH-1234');
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('ABCD-EFGH-1234'));
    expect(await screen.findByText('Copied!')).toBeTruthy();
  });
});
