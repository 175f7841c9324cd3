import { PutCommand, TransactWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ulid } from 'ulid';
import type { Db } from '../src/db/client';
import { indexKeys, keys, timeKey } from '../src/db/keys';
import { saveGateway } from '../src/use-cases/payments/gateway-config';
import { gatewayFromConfig } from '../src/clients/uddoktapay';
import { queryAll } from '../src/db/query-all';
import { insertCodesItems, type CodeItem } from '../src/db/stock/code-item';
import { readStockShards, shardCount, shardsFor, shardStock } from '../src/db/stock/stock-shards';
import { readShard } from '../src/db/stock/tickets';
import type { TransactItem } from '../src/db/transact';
import { startSandboxGateway, type SandboxGateway } from '../../local/src/sandbox-gateway';
import { invoke } from '../../test/invoke';

/** Shared set-up of the payments tests: catalogue rows, funded profiles, the sandbox gateway. */

export const API_KEY = 'sandbox-test-key-1234';

export async function seedVariant(
  db: Db,
  opts: { price: number; codes: number; active?: boolean; name?: string; shards?: number },
) {
  const now = new Date().toISOString();
  // As many stock shards as an import of this many codes would make, unless the test says.
  const shards = opts.shards ?? shardsFor(opts.codes, 1);
  const productId = ulid();
  const variantId = ulid();
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.product(productId),
        type: 'product',
        id: productId,
        name: 'Free Fire',
        description: null,
        category: 'Diamonds',
        image_url: null,
        is_active: true,
        display_order: 0,
        created_at: now,
        updated_at: now,
      },
    }),
  );
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.variant(productId, variantId),
        type: 'variant',
        id: variantId,
        product_id: productId,
        name: opts.name ?? '100 Diamonds',
        description: null,
        price: opts.price,
        stock_shards: shards,
        is_active: opts.active ?? true,
        created_at: now,
        updated_at: now,
      },
    }),
  );
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.variantRef(variantId),
        type: 'variant_ref',
        product_id: productId,
        stock_shards: shards,
      },
    }),
  );
  await addCodes(db, productId, variantId, opts.codes, shards);
  return { productId, variantId };
}

/** n codes, one transaction each, dealt over the variant's `shards` shards in turn. */
export async function addCodes(db: Db, productId: string, variantId: string, n: number, shards = 1) {
  for (let i = 0; i < n; i++) {
    const id = ulid();
    const shard = i % shards;
    const { tickets } = await readShard(db, variantId, shard);
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: insertCodesItems(db.table, {
          variantId,
          productId,
          shard,
          seen: tickets,
          codes: [{ id, code: `CODE-${id}` }],
          now: new Date().toISOString(),
          variantName: '100 Diamonds',
          productName: 'Free Fire',
        }),
      }),
    );
  }
}

/** A profile item with the brief's shape, funded through a ledger entry so ledger = balance holds. */
export async function seedProfile(db: Db, user: { userId: string; email: string }, balance = 0) {
  const now = new Date().toISOString();
  const items: TransactItem[] = [
    {
      Put: {
        TableName: db.table,
        Item: {
          ...keys.profile(user.userId),
          type: 'profile',
          id: user.userId,
          email: user.email,
          full_name: `Name ${user.userId}`,
          phone: null,
          balance,
          is_admin: false,
          created_at: now,
          updated_at: now,
          gsi1pk: indexKeys.email(user.email),
          gsi1sk: 'PROFILE',
          gsi2pk: indexKeys.allUsers(),
          gsi2sk: timeKey(now, user.userId),
        },
      },
    },
  ];
  if (balance) {
    const id = ulid();
    items.push({
      Put: {
        TableName: db.table,
        Item: {
          ...keys.ledgerEntry(user.userId, id),
          type: 'ledger',
          id,
          user_id: user.userId,
          amount: balance,
          balance_after: balance,
          reason: 'adjustment',
          reference: 'seed',
          created_at: now,
        },
      },
    });
  }
  await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
}

export async function balanceOf(db: Db, userId: string): Promise<number> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.profile(userId), ConsistentRead: true }),
  );
  return Number(res.Item?.balance ?? 0);
}

export async function ledgerSum(db: Db, userId: string): Promise<number> {
  const entries = await queryAll<{ amount: number }>(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.user(userId), ':p': keys.ledgerPrefix() },
    ConsistentRead: true,
  });
  return entries.reduce((sum, e) => sum + Number(e.amount), 0);
}

/** Every code item of a variant, as stored (the attributes of `CodeItem` and the keys). */
export function variantCodes(db: Db, variantId: string): Promise<Array<CodeItem & Record<string, unknown>>> {
  return queryAll(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.variantCodes(variantId) },
    ConsistentRead: true,
  });
}

/** The variant's stock: the sum of its shard counters, read strongly consistent. */
export async function variantStock(db: Db, productId: string, variantId: string): Promise<number> {
  return (await shardCounters(db, productId, variantId)).reduce((a, b) => a + b, 0);
}

/** Each stock shard's counter of the variant, read strongly consistent. */
export async function shardCounters(db: Db, productId: string, variantId: string): Promise<number[]> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.variant(productId, variantId), ConsistentRead: true }),
  );
  return (await readStockShards(db, variantId, shardCount(res.Item ?? {}), true)).map(shardStock);
}

/**
 * The sandbox on a free port, plus a small HTTP server standing in for the shop's API that hands
 * the sandbox's webhook POSTs to the real webhook handler; the gateway configuration item points
 * at both.
 */
export async function startGateway(db: Db, opts: { webhookMode?: 'once' | 'twice' | 'never' } = {}) {
  const sandbox: SandboxGateway = await startSandboxGateway({
    port: 0,
    apiKey: API_KEY,
    webhookMode: opts.webhookMode ?? 'never',
    webhookDelayMs: 5,
  });
  const hook: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      void invoke('paymentWebhook', { body, headers }).then((r) => {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(r.body));
      });
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
  const webhookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/api/payments/webhook`;
  /** Save API Setup with this gateway base URL (default: the sandbox), as an admin would. */
  const pointAt = (baseUrl = sandbox.url) =>
    saveGateway(
      db,
      {
        provider_name: 'UddoktaPay',
        api_key: API_KEY,
        base_url: baseUrl,
        webhook_url: webhookUrl,
        is_active: true,
      },
      new Date(),
    );
  await pointAt();
  return {
    sandbox,
    webhookUrl,
    pointAt,
    stop: async () => {
      await sandbox.stop();
      await new Promise<void>((r) => hook.close(() => r()));
    },
  };
}

/** The invoice id in a sandbox payment URL. */
export const invoiceOf = (paymentUrl: string) => new URL(paymentUrl).pathname.split('/').pop()!;

/**
 * What a flow (placeOrder, setOrderStatus, confirmInvoice...) is given: `d` may be a faulty or
 * held client of the table; the gateway's settings are read through the plain one.
 */
export const flowDeps = (table: Db, d: Db = table) => ({
  db: d,
  now: () => new Date(),
  gateway: () => gatewayFromConfig(table),
  publicUrl: 'http://localhost:3000',
});

/** A user's ledger entries, oldest first. */
export const ledgerEntries = (db: Db, userId: string) =>
  queryAll<{ amount: number; reason: string; reference: string; balance_after: number }>(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.user(userId), ':p': keys.ledgerPrefix() },
    ConsistentRead: true,
  });
