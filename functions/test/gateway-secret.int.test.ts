import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getOrder } from '../src/db/orders/order-items';
import { keys } from '../src/db/keys';
import { fileStore } from '../src/clients/secret-store';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { API_KEY, invoiceOf, seedProfile, seedVariant, startGateway } from './commerce-fixtures';
import { expectBooksBalanced } from './audit-books';

/**
 * Issue 14: the gateway API key lives in the secret store (here the local file store of the run,
 * LOCAL_SECRETS_DIR), never in the table; the config item keeps only its facts.
 */
let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
const secretsDir = () => inject('localSecretsDir');
const store = () => fileStore(secretsDir(), db.table);
const rawItem = async () =>
  (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.gatewayConfig() }))).Item!;
const idem = () => `k-${Math.random().toString(36).slice(2)}`;

const save = (apiKey: string) =>
  invoke('adminSaveGateway', {
    as: admin,
    body: { api_key: apiKey, base_url: gw.sandbox.url, webhook_url: gw.webhookUrl, is_active: true },
  });

async function payByGateway(n: number) {
  const u = customer(n);
  await seedProfile(db, u, 0);
  const v = await seedVariant(db, { price: 7000, codes: 1 });
  const res = await invoke('placeOrder', {
    as: u,
    headers: { 'Idempotency-Key': idem() },
    body: { variant_id: v.variantId, player_uid: '123456789', payment_method: 'bkash' },
  });
  return { res, orderId: res.body?.order?.id as string | undefined };
}

beforeAll(async () => {
  db = await freshTable('gwsecret');
  gw = await startGateway(db);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox);
  await gw?.stop();
});

describe('the gateway API key in the secret store', () => {
  it('a save in API Setup puts the key in the store, not in the table; the view shows only the mask', async () => {
    const saved = await save(API_KEY);
    expect(saved.status).toBe(200);
    const item = await rawItem();
    expect(item.api_key).toBeUndefined();
    expect(JSON.stringify(item)).not.toContain(API_KEY);
    expect(item).toMatchObject({ api_key_last4: API_KEY.slice(-4) });
    expect(typeof item.api_key_version).toBe('string');
    expect(await store().get()).toBe(API_KEY);
    const files = (await readdir(secretsDir())).filter((f) => f.startsWith(db.table));
    expect(files).toHaveLength(1);
    expect(statSync(join(secretsDir(), files[0]!)).mode & 0o777).toBe(0o600);

    const view = await invoke('adminGetGateway', { as: admin });
    expect(view.body).toMatchObject({
      has_api_key: true,
      api_key_masked: `••••${API_KEY.slice(-4)}`,
      source: 'stored',
    });
    expect(JSON.stringify(view.body)).not.toContain(API_KEY);
    expect(JSON.stringify(saved.body)).not.toContain(API_KEY);
  });

  it('a save without a key keeps the stored key and its version', async () => {
    const before = await rawItem();
    const saved = await invoke('adminSaveGateway', {
      as: admin,
      body: { api_key: '', base_url: gw.sandbox.url, webhook_url: gw.webhookUrl, is_active: true },
    });
    expect(saved.status).toBe(200);
    const after = await rawItem();
    expect(after.api_key_version).toBe(before.api_key_version);
    expect(await store().get()).toBe(API_KEY);
    expect((await invoke('adminTestGateway', { as: admin })).body.ok).toBe(true);
  });

  it('pay → webhook settles the order with the stored key', async () => {
    const { res, orderId } = await payByGateway(1);
    expect(res.status).toBe(201);
    await gw.sandbox.control.act(invoiceOf(res.body.payment_url), 'pay', { webhook: 'once' }); // the sandbox posts the webhook
    await gw.sandbox.control.webhooksSettled();
    expect((await getOrder(db, orderId!))?.status).toBe('completed');
  });

  it('after a save with a new key every gateway call uses it at once (no cached old key)', async () => {
    // Warm every cache with the current key: a charge, a connection test.
    expect((await payByGateway(2)).res.status).toBe(201);
    expect((await invoke('adminTestGateway', { as: admin })).body.ok).toBe(true);

    const rotated = 'rotated-key-5678';
    expect((await save(rotated)).status).toBe(200);
    expect(await store().get()).toBe(rotated);
    // The sandbox still knows only the old key: a call with the new one is refused there...
    expect((await invoke('adminTestGateway', { as: admin })).body).toMatchObject({
      ok: false,
      message: 'The gateway rejected the API key',
    });
    const refused = await payByGateway(3);
    expect(refused.res.status).toBe(502);
    // ...and the webhook now wants the new key: the old one is refused, the new one gets past the check.
    const hook = (apiKey: string) =>
      invoke('paymentWebhook', {
        body: { invoice_id: 'no-such-invoice-1', status: 'COMPLETED' },
        headers: { 'RT-UDDOKTAPAY-API-KEY': apiKey },
      });
    expect((await hook(API_KEY)).status).toBe(401);
    expect((await hook(rotated)).status).not.toBe(401);

    // Back to the key the sandbox knows: the next calls use it, again at once.
    expect((await save(API_KEY)).status).toBe(200);
    expect((await invoke('adminTestGateway', { as: admin })).body.ok).toBe(true);
    const { res, orderId } = await payByGateway(4);
    expect(res.status).toBe(201);
    await gw.sandbox.control.act(invoiceOf(res.body.payment_url), 'pay', { webhook: 'once' });
    await gw.sandbox.control.webhooksSettled();
    expect((await getOrder(db, orderId!))?.status).toBe('completed');
  });

  it('an item from before the store (api_key inline) works until the next save, which moves the key', async () => {
    const legacyKey = API_KEY;
    const { api_key_version: _v, api_key_last4: _l, api_key_updated_at: _u, ...rest } = await rawItem();
    await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...rest, api_key: legacyKey } }));
    await store().put('stale-store-key-0000'); // the item's inline key wins until the save
    expect((await invoke('adminGetGateway', { as: admin })).body.api_key_masked).toBe(
      `••••${legacyKey.slice(-4)}`,
    );
    expect((await invoke('adminTestGateway', { as: admin })).body.ok).toBe(true);
    expect((await payByGateway(5)).res.status).toBe(201);

    const saved = await invoke('adminSaveGateway', {
      as: admin,
      body: { api_key: '', base_url: gw.sandbox.url, webhook_url: gw.webhookUrl, is_active: true },
    });
    expect(saved.status).toBe(200);
    const item = await rawItem();
    expect(item.api_key).toBeUndefined();
    expect(JSON.stringify(item)).not.toContain(legacyKey);
    expect(item.api_key_last4).toBe(legacyKey.slice(-4));
    expect(await store().get()).toBe(legacyKey);
    expect((await invoke('adminTestGateway', { as: admin })).body.ok).toBe(true);
  });
});
