import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../shared/i18n/i18n';
import { gameProduct, jsonResponse as json, renderShopAt } from './test-render';

/** Issue 35: a Bangla keyboard types ১২৩৪৫৬৭৮৯; the product page takes it as the UID 123456789. */
const product = gameProduct;
const zoneGame = { ...product, id: 'zone', account_fields: 'player_uid_zone', zone_label: 'Server ID' };

let lookups: string[];

beforeEach(() => {
  lookups = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/products/p1')) return json(200, { product, player_lookup: true });
      if (url.endsWith('/api/products/zone')) return json(200, { product: zoneGame, player_lookup: true });
      if (url.endsWith('/api/players/lookup')) {
        const uid = (JSON.parse(String(init?.body)) as { player_uid: string }).player_uid;
        lookups.push(uid);
        return json(200, {
          player: {
            player_uid: uid,
            player_name: 'Hero789',
            level: 42,
            rank: 'Gold',
            provider: 'simulation',
          },
        });
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
  act(() => setLocale('bn'));
});

afterEach(() => {
  cleanup();
  act(() => setLocale('en'));
  vi.unstubAllGlobals();
});

const renderAt = (path: string) => renderShopAt(path);

const field = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('Bangla digits on the product page', { timeout: 30_000 }, () => {
  it('turns Bangla digits typed into the Player UID into ASCII, refuses letters, and verifies it', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/product/p1');
    await screen.findByRole('radio', { name: /25 Diamonds/ });
    const uid = field('player-uid');
    await user.type(uid, '১২৩৪৫৬৭৮৯');
    expect(uid.value).toBe('123456789');
    await user.type(uid, 'abcক');
    expect(uid.value).toBe('123456789');
    await user.click(screen.getByRole('button', { name: 'যাচাই করুন' }));
    expect(await screen.findByTestId('player-verified')).toBeTruthy();
    expect(lookups).toEqual(['123456789']);
    expect(document.getElementById('player-uid-error')).toBeNull();
  });

  it('takes Bangla digits in the zone and the WhatsApp number; the number refuses letters', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/product/zone');
    await screen.findByRole('radio', { name: /25 Diamonds/ });
    await user.type(field('player-zone'), '২৪০১');
    expect(field('player-zone').value).toBe('2401');
    await user.type(field('whatsapp'), '+৮৮০ ১৭১১x-২২২');
    expect(field('whatsapp').value).toBe('+880 1711-222');
  });
});
