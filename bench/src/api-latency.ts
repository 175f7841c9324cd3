/**
 * 1. API latency: autocannon against the running API, and in the same round the same DynamoDB
 * work issued straight at the same DynamoDB Local (the floor), so the ratio compares like with like
 * on a noisy machine. Each figure is the median over the rounds.
 */
import autocannon, { type Result as CannonResult } from 'autocannon';
import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '../../functions/src/db/client';
import { queryCatalog, queryProduct } from '../../functions/src/db/catalog-repo';
import { placeOrder } from '../../functions/src/use-cases/orders/place-order';
import type { Row } from './report';
import { adminToken, createVariant, fundedUsers, importCodes, PLAYER_UID, type ApiUser } from './shop';
import type { BenchStack } from './stack';
import { closedLoop, median, percentile, round } from './stats';

export interface ApiOptions {
  rounds: number;
  seconds: number;
  log: (line: string) => void;
}

interface Sample {
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
}

interface Target {
  name: string;
  connections: number;
  api: () => Promise<Sample>;
  floor: () => Promise<Sample>;
}

function fromAutocannon(r: CannonResult): Sample {
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.mean,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

function fromLoop(r: { latencies: number[]; errors: number; seconds: number }): Sample {
  return {
    p50: percentile(r.latencies, 50),
    p99: percentile(r.latencies, 99),
    rps: r.latencies.length / r.seconds,
    non2xx: 0,
    errors: r.errors,
  };
}

export async function apiLatency(
  stack: BenchStack,
  opts: ApiOptions,
): Promise<{ rows: Row[]; raw: unknown }> {
  const db = createDb({ table: stack.tableName, endpoint: stack.dynamodbEndpoint });
  const admin = await adminToken(stack);
  const { products } = await queryCatalog(db);
  const productId = products.find((p) => p.is_active)?.id;
  if (!productId) throw new Error('the catalogue is empty: seed it first');

  // Wallet orders: one variant with plenty of codes, a funded user per connection (no two
  // in-flight orders of one user, which would only measure the balance item's contention).
  const connections = 20;
  const expected = Math.ceil(opts.rounds * 2 * opts.seconds * 60); // generous: API + floor, up to ~60 orders/s
  const { variantId } = await createVariant(stack, admin, 'Latency', 100);
  opts.log(`importing ${expected} codes and making ${connections * 2} funded users`);
  await importCodes(stack, admin, variantId, expected);
  const users = await fundedUsers(stack, admin, connections * 2, 100_000_000);
  const apiUsers = users.slice(0, connections);
  const floorUsers = users.slice(connections);

  const duration = opts.seconds;
  const targets: Target[] = [
    {
      name: 'GET /api/catalog',
      connections: 50,
      api: async () =>
        fromAutocannon(await autocannon({ url: `${stack.url}/api/catalog`, connections: 50, duration })),
      floor: async () => fromLoop(await closedLoop(50, duration * 1000, () => queryCatalog(db))),
    },
    {
      name: 'GET /api/products/{id}',
      connections: 50,
      api: async () =>
        fromAutocannon(
          await autocannon({ url: `${stack.url}/api/products/${productId}`, connections: 50, duration }),
        ),
      floor: async () => fromLoop(await closedLoop(50, duration * 1000, () => queryProduct(db, productId))),
    },
    {
      name: 'POST /api/orders (wallet)',
      connections,
      api: async () => fromAutocannon(await orderLoad(stack, apiUsers, variantId, duration)),
      floor: async () => fromLoop(await orderFloor(db, floorUsers, variantId, duration)),
    },
  ];

  const rows: Row[] = [];
  const raw: Record<string, { api: Sample[]; floor: Sample[] }> = {};
  for (const t of targets) raw[t.name] = { api: [], floor: [] };
  for (let round_ = 0; round_ < opts.rounds; round_++) {
    for (const t of targets) {
      opts.log(
        `round ${round_ + 1}/${opts.rounds}: ${t.name} (${t.connections} connections, ${duration} s, then its floor)`,
      );
      raw[t.name]!.api.push(await t.api());
      raw[t.name]!.floor.push(await t.floor());
    }
  }
  db.doc.destroy();

  for (const t of targets) {
    const { api, floor } = raw[t.name]!;
    const m = (list: Sample[], k: keyof Sample) => round(median(list.map((s) => s[k])));
    const p50 = m(api, 'p50');
    const p99 = m(api, 'p99');
    const floorP50 = m(floor, 'p50');
    const ratio = round(median(api.map((s, i) => s.p50 / Math.max(0.01, floor[i]!.p50))), 2);
    const failed = api.reduce((n, s) => n + s.non2xx + s.errors, 0);
    const section = '1 API';
    rows.push({ section, figure: `${t.name} p50`, value: p50, unit: 'ms', budget: '' });
    rows.push({
      section,
      figure: `${t.name} p99`,
      value: p99,
      unit: 'ms',
      budget: t.name === 'GET /api/catalog' ? '≤ 50 ms' : '',
      ...(t.name === 'GET /api/catalog' && { pass: p99 <= 50 }),
    });
    rows.push({ section, figure: `${t.name} req/s`, value: m(api, 'rps'), unit: '/s', budget: '' });
    rows.push({
      section,
      figure: `${t.name} floor p50 / p99`,
      value: `${floorP50} / ${m(floor, 'p99')}`,
      unit: 'ms',
      budget: '',
    });
    rows.push({
      section,
      figure: `${t.name} p50 ÷ floor p50`,
      value: ratio,
      unit: '×',
      budget: '≤ 1.5 ×',
      pass: ratio <= 1.5,
    });
    rows.push({
      section,
      figure: `${t.name} failed requests`,
      value: failed,
      unit: '',
      budget: '0',
      pass: failed === 0,
    });
  }
  return { rows, raw };
}

/** Wallet orders with a fresh Idempotency-Key each; each in-flight request holds its own user. */
function orderLoad(
  stack: BenchStack,
  users: ApiUser[],
  variantId: string,
  duration: number,
): Promise<CannonResult> {
  const free = [...users];
  const body = JSON.stringify({ variant_id: variantId, player_uid: PLAYER_UID, payment_method: 'wallet' });
  return autocannon({
    url: `${stack.url}/api/orders`,
    connections: users.length,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context) => {
          const user = free.pop() ?? users[Math.floor(Math.random() * users.length)]!;
          context.user = user;
          return {
            ...req,
            method: 'POST',
            path: '/api/orders',
            body,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${user.token}`,
              'idempotency-key': randomUUID(),
            },
          };
        },
        onResponse: (_status, _body, context) => {
          if (context.user) free.push(context.user as ApiUser);
          context.user = undefined;
        },
      },
    ],
  });
}

/** The floor of a wallet order: the domain function the handler calls, without HTTP, JWT and zod. */
function orderFloor(db: Db, users: ApiUser[], variantId: string, duration: number) {
  const deps = {
    db,
    now: () => new Date(),
    gateway: () => Promise.reject(new Error('wallet orders need no gateway')),
    publicUrl: 'http://bench',
  };
  return closedLoop(users.length, duration * 1000, async (worker) => {
    const user = users[worker % users.length]!;
    await placeOrder(
      deps,
      { userId: user.userId, email: user.email },
      { variant_id: variantId, player_uid: PLAYER_UID, payment_method: 'wallet' },
      randomUUID(),
    );
  });
}
