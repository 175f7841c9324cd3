import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { addCodes, seedProfile } from './commerce-fixtures';
import { startNotifier, type Notifier } from './notifier-fixture';

/**
 * The buyer's language (DESIGN 11: notifications "in the buyer's language"): saved on the account
 * with PUT /api/me/language, and the receipt written in it; a buyer who never chose gets English.
 */
let db: Db;
let notifier: Notifier;
let variantId: string;
const bangla = customer(1801);
const english = customer(1802);

beforeAll(async () => {
  db = await freshTable('mail-language', { stream: true });
  notifier = await startNotifier(db);
  await seedProfile(db, bangla, 100_000);
  await seedProfile(db, english, 100_000);
  const product = await invoke('adminCreateProduct', {
    as: admin,
    body: {
      name: 'Free Fire Diamonds',
      name_bn: 'ফ্রি ফায়ার ডায়মন্ড',
      redeem_steps: ['Open the redeem site'],
      redeem_steps_bn: ['রিডিম সাইট খুলুন'],
    },
  });
  const variant = await invoke('adminCreateVariant', {
    as: admin,
    body: { product_id: product.body.product.id, name: '100 Diamonds', name_bn: '১০০ ডায়মন্ড', price: 9_000 },
  });
  variantId = variant.body.variant.id;
  await addCodes(db, product.body.product.id, variantId, 4);
});
afterAll(async () => {
  await notifier?.stop();
});

const buy = async (u: { userId: string; email: string }) => {
  const placed = await invoke('placeOrder', {
    as: u,
    body: { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' },
    headers: { 'Idempotency-Key': `k-${Math.random().toString(36).slice(2)}` },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = await invoke('getOrder', { as: u, params: { id: placed.body.order.id } });
  return order.body.order.code as string;
};

describe('the buyer’s language', () => {
  it('is null until chosen, then saved on the account (bn or en only)', async () => {
    expect((await invoke('getMe', { as: bangla })).body.language).toBeNull();
    const saved = await invoke('putLanguage', { as: bangla, body: { language: 'bn' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ language: 'bn', message: 'Language saved' });
    expect((await invoke('getMe', { as: bangla })).body.language).toBe('bn');
    const wrong = await invoke('putLanguage', { as: bangla, body: { language: 'fr' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ reason: 'choose_language' });
    expect((await invoke('putLanguage', { body: { language: 'en' } })).status).toBe(401);
  });

  it('a buyer with Bangla gets the receipt in Bangla: subject, code, names and redeem steps', async () => {
    const code = await buy(bangla);
    await notifier.poller.drained();
    // (The wallet credit of the fixture went out in English: the buyer had not chosen yet.)
    const receipts = notifier.mail
      .messages({ to: bangla.email })
      .filter((m) => m.subject.endsWith('আপনার কোড'));
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0];
    expect(receipt!.subject).toBe('ফ্রি ফায়ার ডায়মন্ড - ১০০ ডায়মন্ড: আপনার কোড');
    expect(receipt!.text).toContain(`কোড: ${code}`);
    expect(receipt!.text).toContain('রিডিম সাইট খুলুন');
    expect(receipt!.text).toContain('৳৯০.০০');
    // Its steps counted in Bangla digits (১. ২.), as the page shows them.
    expect(receipt!.text).toContain('১. রিডিম সাইট খুলুন');
    expect(receipt!.html).toContain('<html lang="bn">');
    // The shop's name at the top as Bangla writes it.
    expect(receipt!.text.split('\n')[0]).toBe('খেলাঘর');
  });

  it('a buyer who never chose gets it in English', async () => {
    const code = await buy(english);
    await notifier.poller.drained();
    const [receipt] = notifier.mail
      .messages({ to: english.email })
      .filter((m) => m.subject.startsWith('Your code'));
    expect(receipt!.subject).toBe('Your code for Free Fire Diamonds - 100 Diamonds');
    expect(receipt!.text).toContain(`Code: ${code}`);
    expect(receipt!.text).toContain('1. Open the redeem site');
    expect(receipt!.text.split('\n')[0]).toBe('Khelaghor');
  });
});
