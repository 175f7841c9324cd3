/**
 * 1. API latency: autocannon against the running API, and in the same round the same DynamoDB
 * work issued straight at the same DynamoDB Local (the floor), so the ratio compares like with like
 * on a noisy machine. Each figure is the median over the rounds.
 *
 * The public reads are measured twice: on the stack's server (what buyers get: answers reused for
 * 1 s per container) and on a second server with that cache off. Only the uncached one is held
 * against the floor; a cached answer costs no DynamoDB call, so its ratio would measure the cache.
 */
import autocannon, { type Result as CannonResult } from 'autocannon';
import { createDb } from '../../functions/src/db/client';
import { queryCatalog, queryProduct } from '../../functions/src/db/catalog/catalog-items';
import { orderFloor, orderLoad } from './order-load';
import type { Row } from './report';
import { adminToken, createVariant, fundedUsers, importCodes } from './shop';
import type { BenchStack } from './stack';
import { closedLoop, median, percentile, round } from './stats';
import { assertUncached, startUncachedApi } from './uncached-api';

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
  /** What buyers get, through the per-container cache: reported, never compared with the floor. */
  cached?: () => Promise<Sample>;
  /** The handler without a cache in front, compared with the floor. */
  api: () => Promise<Sample>;
  floor: () => Promise<Sample>;
  /** p99 budget (ms) of what buyers get (the cached figure when there is one). */
  p99Budget?: number;
}

/** Orders a second each load may place at most (generous), to import enough codes. */
const MAX_ORDERS_PER_SECOND = { many: 90, one: 70 };

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

  // Wallet orders: one variant with plenty of codes, a funded user per connection.
  const connections = 20;
  const duration = opts.seconds;
  const perRound = 2 * duration * (MAX_ORDERS_PER_SECOND.many + MAX_ORDERS_PER_SECOND.one);
  const { productId: benchProductId, variantId } = await createVariant(stack, admin, 'Latency', 100);
  opts.log(`importing ${opts.rounds * perRound} codes and making ${connections * 2 + 2} funded users`);
  await importCodes(stack, admin, variantId, opts.rounds * perRound);
  const users = await fundedUsers(stack, admin, connections * 2 + 2, 100_000_000);
  const apiUsers = users.slice(0, connections);
  const floorUsers = users.slice(connections, connections * 2);
  const [singleApiUser, singleFloorUser] = users.slice(connections * 2);

  opts.log('starting a second API server with the public cache off');
  const uncached = await startUncachedApi(stack);
  try {
    await assertUncached(stack, uncached, admin, benchProductId);
    const get = async (base: string, path: string) =>
      fromAutocannon(await autocannon({ url: `${base}${path}`, connections: 50, duration }));
    const targets: Target[] = [
      {
        name: 'GET /api/catalog',
        connections: 50,
        cached: () => get(stack.url, '/api/catalog'),
        api: () => get(uncached.url, '/api/catalog'),
        floor: async () => fromLoop(await closedLoop(50, duration * 1000, () => queryCatalog(db))),
        p99Budget: 50,
      },
      {
        name: 'GET /api/products/{id}',
        connections: 50,
        cached: () => get(stack.url, `/api/products/${productId}`),
        api: () => get(uncached.url, `/api/products/${productId}`),
        floor: async () => fromLoop(await closedLoop(50, duration * 1000, () => queryProduct(db, productId))),
      },
      {
        name: `POST /api/orders (wallet, ${connections} buyers)`,
        connections,
        api: async () => fromAutocannon(await orderLoad(stack.url, apiUsers, variantId, duration)),
        floor: async () => fromLoop(await orderFloor(db, floorUsers, variantId, duration)),
      },
      {
        // One buyer's order after another: the handler's own cost, without queueing behind others.
        name: 'POST /api/orders (wallet, 1 buyer)',
        connections: 1,
        api: async () => fromAutocannon(await orderLoad(stack.url, [singleApiUser!], variantId, duration)),
        floor: async () => fromLoop(await orderFloor(db, [singleFloorUser!], variantId, duration)),
      },
    ];

    const raw: Record<string, { cached: Sample[]; api: Sample[]; floor: Sample[] }> = {};
    for (const t of targets) raw[t.name] = { cached: [], api: [], floor: [] };
    for (let round_ = 0; round_ < opts.rounds; round_++) {
      for (const t of targets) {
        opts.log(
          `round ${round_ + 1}/${opts.rounds}: ${t.name} (${t.connections} connections, ${duration} s${t.cached ? ', cached then uncached' : ''}, then its floor)`,
        );
        const r = raw[t.name]!;
        if (t.cached) r.cached.push(await t.cached());
        r.api.push(await t.api());
        r.floor.push(await t.floor());
      }
    }
    return { rows: targets.flatMap((t) => targetRows(t, raw[t.name]!)), raw };
  } finally {
    await uncached.stop();
    db.doc.destroy();
  }
}

function targetRows(t: Target, r: { cached: Sample[]; api: Sample[]; floor: Sample[] }): Row[] {
  const section = '1 API';
  const m = (list: Sample[], k: keyof Sample) => round(median(list.map((s) => s[k])));
  const rows: Row[] = [];
  const latency = (label: string, list: Sample[], budget?: number) => {
    const p99 = m(list, 'p99');
    rows.push({ section, figure: `${label} p50`, value: m(list, 'p50'), unit: 'ms', budget: '' });
    rows.push({
      section,
      figure: `${label} p99`,
      value: p99,
      unit: 'ms',
      budget: budget === undefined ? '' : `≤ ${budget} ms`,
      ...(budget !== undefined && { pass: p99 <= budget }),
    });
    rows.push({ section, figure: `${label} req/s`, value: m(list, 'rps'), unit: '/s', budget: '' });
  };
  if (t.cached) latency(`${t.name} cached`, r.cached, t.p99Budget);
  const label = t.cached ? `${t.name} uncached` : t.name;
  latency(label, r.api, t.cached ? undefined : t.p99Budget);
  rows.push({
    section,
    figure: `${t.name} floor p50 / p99`,
    value: `${m(r.floor, 'p50')} / ${m(r.floor, 'p99')}`,
    unit: 'ms',
    budget: '',
  });
  const ratio = round(median(r.api.map((s, i) => s.p50 / Math.max(0.01, r.floor[i]!.p50))), 2);
  rows.push({
    section,
    figure: `${label} p50 ÷ floor p50`,
    value: ratio,
    unit: '×',
    budget: '≤ 1.5 ×',
    pass: ratio <= 1.5,
  });
  // A failing floor call (out of codes, say) would flatter the floor: counted as well.
  const failed = [...r.cached, ...r.api, ...r.floor].reduce((n, s) => n + s.non2xx + s.errors, 0);
  rows.push({
    section,
    figure: `${t.name} failed requests (API and floor)`,
    value: failed,
    unit: '',
    budget: '0',
    pass: failed === 0,
  });
  return rows;
}
