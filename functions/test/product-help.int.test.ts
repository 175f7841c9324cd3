import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { seedProfile } from './commerce-fixtures';
import { call, type Signer } from './reseller-fixtures';

/**
 * A game says how to find its Player ID (the admin's steps, in the public product answer, never
 * on a gift card), and the reseller catalogue says what each product's order must carry.
 */
let db: Db;
const FF_HELP = [
  'Open Free Fire.',
  'Tap your avatar at the top left.',
  'Your Player ID (UID) is under your name: tap it to copy.',
];

const create = async (body: Record<string, unknown>) => {
  const res = await invoke('adminCreateProduct', { as: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.product as { id: string; uid_help: string[] };
};

beforeAll(async () => {
  db = await freshTable('product-help');
});

describe("'How to find your Player ID' per game", () => {
  it('the admin saves the steps; the public product and catalogue answers carry them', async () => {
    const ff = await create({
      name: 'Free Fire',
      account_fields: 'player_uid',
      uid_help: ['  ', ...FF_HELP, ''],
    });
    // Blank lines are dropped, each step trimmed.
    expect(ff.uid_help).toEqual(FF_HELP);
    const page = await invoke('getProduct', { params: { id: ff.id } });
    expect(page.status).toBe(200);
    expect(page.body.product.uid_help).toEqual(FF_HELP);
    const catalog = await invoke('getCatalog');
    expect(catalog.body.products.find((p: { id: string }) => p.id === ff.id).uid_help).toEqual(FF_HELP);

    const edited = await invoke('adminUpdateProduct', {
      as: admin,
      params: { id: ff.id },
      body: { name: 'Free Fire', account_fields: 'player_uid', uid_help: FF_HELP.slice(0, 2) },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.product.uid_help).toEqual(FF_HELP.slice(0, 2));
    const list = await invoke('adminListProducts', { as: admin });
    expect(list.body.items.find((p: { id: string }) => p.id === ff.id).uid_help).toEqual(FF_HELP.slice(0, 2));
  });

  it('a product without steps, or stored before them, answers none; a gift card never carries any', async () => {
    const plain = await create({ name: 'Old game' });
    expect((await invoke('getProduct', { params: { id: plain.id } })).body.product.uid_help).toEqual([]);
    const gift = await create({ name: 'Gift', account_fields: 'none', uid_help: ['Open the game'] });
    expect(gift.uid_help).toEqual([]);
    expect((await invoke('getProduct', { params: { id: gift.id } })).body.product.uid_help).toEqual([]);
  });

  it('refuses more than 8 steps or a step over 160 characters (400, nothing written)', async () => {
    const before = (await invoke('adminListProducts', { as: admin })).body.items.length;
    const many = await invoke('adminCreateProduct', {
      as: admin,
      body: { name: 'X', uid_help: Array.from({ length: 9 }, (_, i) => `Step ${i + 1}`) },
    });
    expect(many.status).toBe(400);
    expect(many.body.error.fields.uid_help).toBe('At most 8 steps');
    const long = await invoke('adminCreateProduct', {
      as: admin,
      body: { name: 'X', uid_help: ['x'.repeat(161)] },
    });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body.error.fields)).toContain('Each step must be at most 160 characters');
    expect((await invoke('adminListProducts', { as: admin })).body.items).toHaveLength(before);
  });
});

describe('the reseller catalogue says what an order must carry', () => {
  it("each product's account fields, with the UID rule and zone label resolved", async () => {
    const ids = {
      gift: (await create({ name: 'Steam Wallet', account_fields: 'none' })).id,
      game: (
        await create({
          name: 'PUBG Mobile UC',
          account_fields: 'player_uid',
          uid_pattern: '\\d{9,10}',
          uid_message: 'PUBG character IDs have 9 or 10 digits',
        })
      ).id,
      legacy: (await create({ name: 'Spec game' })).id,
      zone: (
        await create({ name: 'Mobile Legends', account_fields: 'player_uid_zone', zone_label: 'Server ID' })
      ).id,
      zoneDefault: (await create({ name: 'Zone game', account_fields: 'player_uid_zone' })).id,
    };
    for (const id of Object.values(ids)) {
      const v = await invoke('adminCreateVariant', {
        as: admin,
        body: { product_id: id, name: 'Pack', price: 5_000 },
      });
      expect(v.status).toBe(201);
    }
    const reseller = customer(721);
    await seedProfile(db, reseller, 0);
    expect(
      (await invoke('adminPutReseller', { as: admin, params: { userId: reseller.userId }, body: {} })).status,
    ).toBe(200);
    const created = await invoke('resellerCreateKey', { as: reseller, body: {} });
    const signer: Signer = { keyId: created.body.key.id, secret: created.body.secret };
    const catalog = await call('resellerApiCatalog', signer);
    expect(catalog.status, JSON.stringify(catalog.body)).toBe(200);
    const byId = (id: string) => catalog.body.products.find((p: { id: string }) => p.id === id);

    expect(byId(ids.gift)).toMatchObject({
      account_fields: 'none',
      uid_pattern: null,
      uid_message: null,
      zone_label: null,
    });
    expect(byId(ids.game)).toMatchObject({
      account_fields: 'player_uid',
      uid_pattern: '\\d{9,10}',
      uid_message: 'PUBG character IDs have 9 or 10 digits',
      zone_label: null,
    });
    expect(byId(ids.legacy)).toMatchObject({
      account_fields: 'player_uid',
      uid_pattern: '\\d{8,12}',
      uid_message: 'Please enter a valid game Player UID (8-12 digits)',
    });
    expect(byId(ids.zone)).toMatchObject({ account_fields: 'player_uid_zone', zone_label: 'Server ID' });
    expect(byId(ids.zoneDefault)).toMatchObject({ account_fields: 'player_uid_zone', zone_label: 'Zone ID' });
    // The Player ID help is for buyers on the product page, not for a reseller's system.
    expect(byId(ids.game)).not.toHaveProperty('uid_help');
  });
});
