import { GetCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { readSupplierConfig, supplierFor } from '../src/use-cases/suppliers/supplier-config';
import { FAILURE_STREAK_ALERT } from '../src/use-cases/suppliers/supplier-health';
import { noticesFor } from '../src/domain/notify/notices';
import { freshPlayerCheck } from '../src/use-cases/players/supplier-lookup';
import { checkSupplierBalances } from '../src/use-cases/suppliers/health-view';
import { seedVariant } from './commerce-fixtures';
import { freshTable } from '../../test/db';
import { admin, customer, invoke, type InvokeOptions } from '../../test/invoke';
import { startUnipinSandbox, type UnipinSandbox } from '../../local/src/sandbox-unipin/server';

/**
 * Issue 31, the admin side of suppliers: the credentials saved from API Setup (the secret in the
 * secret store, never answered back), the health page, and the alerts (once per failing streak,
 * once per low balance).
 */
let db: Db;
let unipin: UnipinSandbox;
const SECRET = 'sandbox-unipin-secret';

const save = (body: Record<string, unknown>, as: InvokeOptions['as'] = admin) =>
  invoke('adminSaveSupplier', { as, params: { supplier: 'unipin' }, body });
const unipinBody = (extra: Record<string, unknown> = {}) => ({
  base_url: unipin.url,
  partner_id: unipin.partnerId,
  is_active: true,
  ...extra,
});

async function alerts(kind: 'failing' | 'low_balance') {
  const res = await db.doc.send(new ScanCommand({ TableName: db.table, ConsistentRead: true }));
  return (res.Items ?? []).filter((i) => i.type === 'supplier_alert' && i.kind === kind);
}

beforeAll(async () => {
  db = await freshTable('suppliers');
  unipin = await startUnipinSandbox({ port: 0, secret: SECRET });
});
afterAll(async () => {
  await unipin?.stop();
});

describe('supplier credentials in API Setup', () => {
  it('only admins list, save or see health', async () => {
    const buyer = customer(31);
    expect((await invoke('adminListSuppliers', { as: buyer })).status).toBe(403);
    expect((await save(unipinBody({ secret: 'x-secret' }), buyer)).status).toBe(403);
    expect((await invoke('adminSupplierHealth', { as: buyer })).status).toBe(403);
    expect((await invoke('adminListSuppliers')).status).toBe(401);
    expect(await readSupplierConfig(db, 'unipin')).toBeUndefined();
  });

  it('a first save without a secret is refused with the field named', async () => {
    const res = await save(unipinBody());
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({ secret: 'Please enter the secret' });
  });

  it('the secret goes to the secret store; no answer and no item holds it', async () => {
    const saved = await save(unipinBody({ secret: SECRET, low_balance: 1000 }));
    expect(saved.status).toBe(200);
    const listed = await invoke('adminListSuppliers', { as: admin });
    expect(listed.status).toBe(200);
    const view = listed.body.suppliers.find((s: { supplier: string }) => s.supplier === 'unipin');
    expect(view).toMatchObject({
      has_secret: true,
      secret_masked: `••••${SECRET.slice(-2)}`,
      partner_id: unipin.partnerId,
      source: 'stored',
      low_balance: 1000,
    });
    const item = (
      await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.supplierConfig('unipin') }))
    ).Item!;
    for (const text of [JSON.stringify(saved.body), JSON.stringify(listed.body), JSON.stringify(item)])
      expect(text).not.toContain(SECRET);
    const dir = inject('localSecretsDir');
    const file = (await readdir(dir)).find((f) => f.startsWith(db.table) && f.includes('unipin'));
    expect(JSON.parse(await readFile(join(dir, file!), 'utf8'))).toEqual({ secret: SECRET });
    expect((await readSupplierConfig(db, 'unipin'))?.secret).toBe(SECRET);
  });

  it('a save without a secret keeps the stored one and its version', async () => {
    const version = async () =>
      (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.supplierConfig('unipin') }))).Item!
        .secret_version;
    const before = await version();
    expect((await save(unipinBody({ secret: '', low_balance: 1000 }))).status).toBe(200);
    expect(await version()).toBe(before);
    const supplier = await supplierFor(db, 'unipin');
    expect((await supplier!.balance()).kind).toBe('done');
  });
});

describe('supplier health and its alerts', () => {
  it('shows the balance asked now and counts calls by outcome', async () => {
    const res = await invoke('adminSupplierHealth', { as: admin });
    expect(res.status).toBe(200);
    const health = res.body.suppliers.find((s: { supplier: string }) => s.supplier === 'unipin');
    expect(health).toMatchObject({
      is_active: true,
      balance: { amount: 50_000, currency: 'USD' },
      below_level: false,
      consecutive_failures: 0,
    });
    expect(health.calls_24h.done).toBeGreaterThanOrEqual(2);
    // No package buys a UniPin voucher yet: no stock asked.
    expect(health.stock).toEqual([]);
    expect(res.body.suppliers.find((s: { supplier: string }) => s.supplier === 'moogold')).toMatchObject({
      is_active: false,
      balance: null,
    });
  });

  it(`alerts once when ${FAILURE_STREAK_ALERT} calls in a row fail, not once per failure`, async () => {
    const supplier = (await supplierFor(db, 'unipin'))!;
    unipin.control.set({ fail5xx: FAILURE_STREAK_ALERT + 3 });
    for (let i = 0; i < FAILURE_STREAK_ALERT + 3; i++)
      expect((await supplier.balance()).kind).toBe('unknown');
    const raised = await alerts('failing');
    expect(raised).toHaveLength(1);
    expect(noticesFor({ after: raised[0] })).toEqual([
      expect.objectContaining({ audience: 'shop', kind: 'supplier_alert' }),
    ]);
    const health = (await invoke('adminSupplierHealth', { as: admin })).body.suppliers[0];
    // The health page's own balance call answered: the streak is over, the error stays shown.
    expect(health).toMatchObject({ consecutive_failures: 0, last_error: expect.stringContaining('500') });
    expect(health.failed_share).toBeGreaterThan(0);
    // A new streak after an answer alerts again.
    unipin.control.set({ fail5xx: FAILURE_STREAK_ALERT });
    for (let i = 0; i < FAILURE_STREAK_ALERT; i++) await supplier.balance();
    expect(await alerts('failing')).toHaveLength(2);
  });

  it('asks the stock of each supplier voucher a package buys', async () => {
    const v = await seedVariant(db, { price: 500, codes: 0 });
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.variant(v.productId, v.variantId),
        UpdateExpression: 'SET fulfilment = :f',
        ExpressionAttributeValues: {
          ':f': {
            kind: 'supplier_voucher',
            supplier: 'unipin',
            supplier_product_id: 'UPGC-1',
            game_code: null,
          },
        },
      }),
    );
    const health = (await invoke('adminSupplierHealth', { as: admin })).body.suppliers[0];
    expect(health.stock).toEqual([
      { product_id: 'UPGC-1', stock: unipin.control.snapshot().stock['UPGC-1'] },
    ]);
    expect(health.stock[0].stock).toBe(5);
  });

  it('alerts once while the balance stays below the level, again after it recovered', async () => {
    unipin.control.set({ balance: 900 });
    for (let i = 0; i < 3; i++) {
      const health = (await invoke('adminSupplierHealth', { as: admin })).body.suppliers[0];
      expect(health).toMatchObject({ balance: { amount: 900 }, below_level: true });
    }
    expect(await alerts('low_balance')).toHaveLength(1);
    unipin.control.set({ balance: 5000 });
    await invoke('adminSupplierHealth', { as: admin });
    unipin.control.set({ balance: 10 });
    await invoke('adminSupplierHealth', { as: admin });
    expect(await alerts('low_balance')).toHaveLength(2);
    const counters = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :calls)',
        ExpressionAttributeValues: { ':pk': keys.supplierPartition('unipin'), ':calls': 'CALLS#' },
      }),
    );
    // One counter item per hour, not one item per call.
    expect(counters.Items!.length).toBeLessThanOrEqual(2);
  });
});

describe("the sweeper's balance check", () => {
  it('asks the suppliers that have an alert level, and alerts once per time the balance goes low', async () => {
    unipin.control.set({ balance: 5000 });
    // Back above the level: the alert is re-armed.
    expect(await checkSupplierBalances(db)).toEqual(['unipin']);
    const before = (await alerts('low_balance')).length;
    unipin.control.set({ balance: 500 });
    await checkSupplierBalances(db);
    await checkSupplierBalances(db);
    expect(await alerts('low_balance')).toHaveLength(before + 1);
  });
});

describe("the supplier's player check behind Verify", () => {
  const VALIDATE = '/in-game-topup/user/validate';
  const validateCalls = () => unipin.control.snapshot().calls[VALIDATE] ?? 0;
  const lookup = (productId: string, uid: string, ip: string) =>
    invoke('lookupPlayer', { body: { player_uid: uid, product_id: productId }, sourceIp: ip });
  let topup: { productId: string; variantId: string };
  let codes: { productId: string; variantId: string };

  beforeAll(async () => {
    unipin.control.clearFaults();
    unipin.control.set({ balance: 50_000 });
    topup = await seedVariant(db, { price: 9000, codes: 0 });
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.variant(topup.productId, topup.variantId),
        UpdateExpression: 'SET fulfilment = :f',
        ExpressionAttributeValues: {
          ':f': {
            kind: 'supplier_topup',
            supplier: 'unipin',
            supplier_product_id: 'FF-100',
            game_code: 'FREEFIRE',
          },
        },
      }),
    );
    codes = await seedVariant(db, { price: 9000, codes: 1 });
    const chosen = await invoke('adminSavePlayerLookup', { as: admin, body: { provider: 'unipin' } });
    expect(chosen.status).toBe(200);
  });

  it('the product page offers Verify only for products the supplier tops up', async () => {
    const page = (id: string) => invoke('getProduct', { params: { id } });
    expect((await page(topup.productId)).body.player_lookup).toBe(true);
    expect((await page(codes.productId)).body.player_lookup).toBe(false);
    const refused = await lookup(codes.productId, '12345678', '10.31.0.1');
    expect(refused.status).toBe(422);
    expect(refused.body.error.reason).toBe('player_lookup_unavailable');
  });

  it("names the player from the supplier's check, keeps the answer and its token 5 minutes", async () => {
    const before = validateCalls();
    const found = await lookup(topup.productId, '12345678', '10.31.0.2');
    expect(found.status).toBe(200);
    expect(found.body.player).toEqual({
      player_uid: '12345678',
      player_name: 'RahimFF',
      level: null,
      rank: null,
      provider: 'unipin',
    });
    expect((await lookup(topup.productId, '12345678', '10.31.0.2')).body.player.player_name).toBe('RahimFF');
    expect(validateCalls()).toBe(before + 1);
    const check = await freshPlayerCheck(
      db,
      { supplier: 'unipin', gameCode: 'FREEFIRE', productId: 'FF-100', playerUid: '12345678', zone: '' },
      new Date(),
    );
    expect(check).toEqual({ playerName: 'RahimFF', validationToken: expect.any(String) });
    // Six minutes on, the answer is not used.
    const later = await freshPlayerCheck(
      db,
      { supplier: 'unipin', gameCode: 'FREEFIRE', productId: 'FF-100', playerUid: '12345678', zone: '' },
      new Date(Date.now() + 6 * 60_000),
    );
    expect(later).toBeUndefined();
  });

  it('a player the game does not know is "Invalid UID", also kept', async () => {
    const before = validateCalls();
    for (let i = 0; i < 2; i++) {
      const res = await lookup(topup.productId, '99999999', '10.31.0.3');
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Invalid UID');
    }
    expect(validateCalls()).toBe(before + 1);
  });

  it('no answer from the supplier is not kept: Verify asks again', async () => {
    unipin.control.set({ fail5xx: 1 });
    const failed = await lookup(topup.productId, '87654321', '10.31.0.4');
    expect(failed.status).toBe(422);
    expect(failed.body.error.reason).toBe('player_lookup_unavailable');
    const again = await lookup(topup.productId, '87654321', '10.31.0.4');
    expect(again.body.player.player_name).toBe('NusratGG');
  });
});
