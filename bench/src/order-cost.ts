/**
 * 7. DynamoDB work per order (write units): real orders through the real
 * handler modules (the route table's handlers run in this process on API Gateway v2 events, as
 * test/invoke.ts runs them; users, stock and money are made through the stack's API first and are
 * not counted), every call billed by dynamodb-billing.ts.
 */
import { randomUUID } from 'node:crypto';
import { writeAdminRole } from '../../functions/src/db/users/admin-role';
import { db, resetDb } from '../../functions/src/db/client';
import { ensureProfile } from '../../functions/src/db/users/profiles';
import { handler as sweepHandler } from '../../functions/src/handlers/jobs/sweep-reservations';
// eslint-disable-next-line boundaries/element-types -- a floor break kept until functions/ offers this through db/, use-cases/ or handlers/
import { setClock } from '../../functions/src/runtime/clock';
// eslint-disable-next-line boundaries/element-types -- a floor break kept until functions/ offers this through db/, use-cases/ or handlers/
import { resetConfig } from '../../functions/src/runtime/config';
import { adjustWallet } from '../../functions/src/use-cases/wallet/adjustments';
import { SANDBOX_API_KEY } from '../../local/src/stack';
import { invoke } from '../../test/invoke';
import type { Row } from './report';
import { PLAYER_UID, type ApiUser } from './shop';
import type { BenchStack } from './stack';

import { Recorder, totals, type Totals } from './dynamodb-billing';

const opsText = (byOp: Record<string, number>) =>
  Object.entries(byOp)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([op, n]) => `${n} ${op}`)
    .join(', ');

async function ok<T>(what: string, p: Promise<{ status: number; body: T }>): Promise<T> {
  const res = await p;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function orderCost(
  stack: BenchStack,
  opts: { orders: number; log: (line: string) => void },
): Promise<{ rows: Row[]; raw: unknown }> {
  Object.assign(process.env, {
    TABLE_NAME: stack.tableName,
    DYNAMODB_ENDPOINT: stack.dynamodbEndpoint,
    USER_POOL_ID: stack.userPoolId,
    COGNITO_ENDPOINT: stack.cognitoUrl,
    PUBLIC_URL: stack.url,
    GATEWAY_BASE_URL: stack.gatewayUrl,
    GATEWAY_API_KEY: SANDBOX_API_KEY,
    LOG_LEVEL: process.env.ORDER_COST_LOG ?? 'silent',
  });
  resetConfig();
  resetDb();

  // Set up in this process through the admin handlers and the profile/wallet functions (not
  // recorded): a bench admin with its role record, a product, a variant, codes, funded buyers.
  const setupDb = db();
  const benchAdmin = {
    userId: `bench-admin-${randomUUID()}`,
    email: 'bench-admin@example.com',
    groups: ['admin'],
  };
  await ensureProfile(setupDb, { ...benchAdmin, isAdmin: true }, async () => ({
    email: benchAdmin.email,
    fullName: 'Bench Admin',
  }));
  await writeAdminRole(
    setupDb,
    benchAdmin.userId,
    { isAdmin: true, by: 'bench', now: new Date() },
    { profile: 'if-exists' },
  );
  const price = 5_000;
  const name = `Bench Order cost ${randomUUID().slice(0, 6)}`;
  const { product } = await ok(
    'create product',
    invoke<{ product: { id: string } }>('adminCreateProduct', {
      as: benchAdmin,
      body: { name, category: 'Bench', is_active: true, display_order: 999 },
    }),
  );
  const { variant } = await ok(
    'create variant',
    invoke<{ variant: { id: string } }>('adminCreateVariant', {
      as: benchAdmin,
      body: { product_id: product.id, name: 'Order cost pack', price, is_active: true },
    }),
  );
  const variantId = variant.id;
  const tag = randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase();
  await ok(
    'import codes',
    invoke('adminImportVouchers', {
      as: benchAdmin,
      body: {
        variant_id: variantId,
        codes: Array.from(
          { length: opts.orders * 4 + 10 },
          (_, i) => `COST-${tag}-${String(i).padStart(4, '0')}`,
        ),
      },
    }),
  );
  const users: ApiUser[] = [];
  for (let i = 0; i < opts.orders; i++) {
    const userId = `bench-cost-${randomUUID()}`;
    const email = `cost-${i}-${userId.slice(-8)}@example.com`;
    await ensureProfile(setupDb, { userId, email, groups: [], isAdmin: false }, async () => ({
      email,
      fullName: `Cost Buyer ${i}`,
    }));
    await adjustWallet(
      { db: setupDb, now: () => new Date() },
      {
        userId,
        delta: price * opts.orders * 4,
        kind: 'adjustment',
        paymentMethod: 'admin_adjustment',
        provider: 'admin',
        adminId: benchAdmin.userId,
      },
    );
    users.push({ userId, email, token: '' });
  }
  // The product leaves the shop front at the end (a shared stack's catalogue stays clean).
  const hide = () =>
    invoke('adminUpdateProduct', {
      as: benchAdmin,
      params: { id: product.id },
      body: { name, category: 'Bench', is_active: false, display_order: 999 },
    });

  const rec = new Recorder(stack.dynamodbEndpoint, stack.tableName);
  rec.attach();
  const as = (u: ApiUser) => ({ userId: u.userId, email: u.email });
  const body = (method: string) => ({
    variant_id: variantId,
    player_uid: PLAYER_UID,
    payment_method: method,
  });
  const run = async <T>(phase: string, f: () => Promise<T>): Promise<T> => {
    rec.phase = phase;
    try {
      return await f();
    } finally {
      rec.phase = undefined;
    }
  };
  const placeGateway = async (u: ApiUser, phase: string) => {
    const res = await run(phase, () =>
      ok(
        'gateway order',
        invoke<{ order: { id: string }; payment_url: string | null }>('placeOrder', {
          as: as(u),
          headers: { 'idempotency-key': randomUUID() },
          body: body('bkash'),
        }),
      ),
    );
    return { orderId: res.order.id, invoiceId: new URL(res.payment_url!).pathname.split('/').pop()! };
  };
  const payOnSandbox = async (invoiceId: string) => {
    const paid = await fetch(`${stack.gatewayUrl}/payment/${invoiceId}/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'pay', webhook: 'never', method: 'bkash' }),
      redirect: 'manual',
    });
    if (paid.status !== 303) throw new Error(`sandbox pay: ${paid.status}`);
  };
  const spaAfter = (u: ApiUser, orderId: string, phase: string) =>
    run(phase, async () => {
      await ok('get order', invoke('getOrder', { as: as(u), params: { id: orderId } }));
      await ok('get me', invoke('getMe', { as: as(u) }));
    });

  try {
    // The first order of a fresh container reads what later ones keep (the variant's product
    // pointer, the gateway client): it is placed first and left out of the per-order figures.
    opts.log('order-cost: a warm-up order of each kind (cold container reads, not counted)');
    await run('cold wallet', () =>
      ok(
        'wallet order',
        invoke('placeOrder', {
          as: as(users[0]!),
          headers: { 'idempotency-key': randomUUID() },
          body: body('wallet'),
        }),
      ),
    );
    {
      const { invoiceId } = await placeGateway(users[0]!, 'cold gateway');
      await payOnSandbox(invoiceId);
      await run('cold gateway', () =>
        ok(
          'webhook',
          invoke('paymentWebhook', {
            headers: { 'rt-uddoktapay-api-key': SANDBOX_API_KEY },
            body: { invoice_id: invoiceId, status: 'COMPLETED' },
          }),
        ),
      );
    }

    opts.log(`order-cost: ${opts.orders} wallet and ${opts.orders} gateway orders, recorded`);
    for (let i = 0; i < opts.orders; i++) {
      const u = users[i]!;
      const w = await run(`wallet#${i} place`, () =>
        ok(
          'wallet order',
          invoke<{ order: { id: string; status: string } }>('placeOrder', {
            as: as(u),
            headers: { 'idempotency-key': randomUUID() },
            body: body('wallet'),
          }),
        ),
      );
      if (w.order.status !== 'completed') throw new Error(`wallet order ${w.order.status}`);
      await spaAfter(u, w.order.id, `wallet#${i} spa`);

      const g = await placeGateway(u, `gateway#${i} place`);
      await payOnSandbox(g.invoiceId);
      const hook = await run(`gateway#${i} webhook`, () =>
        ok(
          'webhook',
          invoke<{ status: string }>('paymentWebhook', {
            headers: { 'rt-uddoktapay-api-key': SANDBOX_API_KEY },
            body: { invoice_id: g.invoiceId, status: 'COMPLETED' },
          }),
        ),
      );
      if (hook.status !== 'completed') throw new Error(`webhook: ${hook.status}`);
      await run(`gateway#${i} confirm`, () =>
        ok('confirm', invoke('confirmPayment', { as: as(u), body: { invoice_id: g.invoiceId } })),
      );
      await spaAfter(u, g.orderId, `gateway#${i} spa`);
    }

    // The sweeper (the real scheduled handler, its clock moved): one pending payment at a time.
    opts.log('order-cost: the sweeper on one pending payment at a time');
    const u = users[0]!;
    const at = (ms: number) => setClock(() => new Date(Date.now() + ms));
    try {
      await run('sweeper empty', () => sweepHandler());
      await placeGateway(u, 'sweeper setup');
      at(55_000);
      await run('sweeper check', () => sweepHandler());
      at(16 * 60_000);
      await run('sweeper expire', () => sweepHandler());
      setClock(undefined);
      const c = await placeGateway(u, 'sweeper setup');
      await payOnSandbox(c.invoiceId);
      at(55_000);
      await run('sweeper settle', () => sweepHandler());
    } finally {
      setClock(undefined);
    }
  } finally {
    rec.stop();
    await hide().catch(() => undefined);
  }

  const of = (pred: (p: string) => boolean) => rec.calls.filter((c) => pred(c.phase));
  const perOrder = (kind: 'wallet' | 'gateway', steps: string[]) => {
    const each = Array.from({ length: opts.orders }, (_, i) =>
      totals(of((p) => steps.some((s) => p === `${kind}#${i} ${s}`))),
    );
    // Orders of one kind cost the same; the median order is reported, the spread kept in raw.
    const sorted = [...each].sort((a, b) => a.wru - b.wru);
    return { median: sorted[Math.floor(sorted.length / 2)]!, each };
  };
  const steps = {
    'wallet: place (code delivered)': perOrder('wallet', ['place']),
    'wallet: SPA after (GET order, GET me)': perOrder('wallet', ['spa']),
    'gateway: place (code reserved, invoice made)': perOrder('gateway', ['place']),
    'gateway: webhook (code delivered)': perOrder('gateway', ['webhook']),
    'gateway: return page confirm': perOrder('gateway', ['confirm']),
    'gateway: SPA after (GET order, GET me)': perOrder('gateway', ['spa']),
    'wallet order, place → delivered': perOrder('wallet', ['place']),
    'wallet order, with the SPA reads': perOrder('wallet', ['place', 'spa']),
    'gateway order, place + webhook': perOrder('gateway', ['place', 'webhook']),
    'gateway order, place + webhook + confirm + SPA reads': perOrder('gateway', [
      'place',
      'webhook',
      'confirm',
      'spa',
    ]),
  };
  const sweeper = {
    'sweeper run, nothing due': totals(of((p) => p === 'sweeper empty')),
    'sweeper check of a pending payment (rescheduled)': totals(of((p) => p === 'sweeper check')),
    'sweeper expires an abandoned payment': totals(of((p) => p === 'sweeper expire')),
    'sweeper settles a paid payment (no webhook)': totals(of((p) => p === 'sweeper settle')),
  };
  const cold = {
    wallet: totals(of((p) => p === 'cold wallet')),
    gateway: totals(of((p) => p === 'cold gateway')),
  };

  const section = '7 order cost';
  const rows: Row[] = [];
  const fig = (name: string, t: Totals) =>
    rows.push({
      section,
      figure: name,
      value: `${t.calls} calls (${opsText(t.byOp)}); ${t.rru} RRU, ${t.wru} WRU (${t.gsiWru} GSI, ${t.gsiInTx} of those in transactions)`,
      unit: '',
      budget: '',
    });
  for (const [name, s] of Object.entries(steps)) fig(name, s.median);
  for (const [name, t] of Object.entries(sweeper)) fig(name, t);
  const localSays = [...Object.values(steps).map((s) => s.median), ...Object.values(sweeper)].map(
    (t) => t.localReported,
  );
  rows.push({
    section,
    figure: 'DynamoDB Local answers ReturnConsumedCapacity',
    value: localSays.every((v) => v === null)
      ? 'no (units computed from item sizes)'
      : `yes, e.g. wallet place ${steps['wallet: place (code delivered)'].median.localReported} units (computed: ${steps['wallet: place (code delivered)'].median.rru + steps['wallet: place (code delivered)'].median.wru})`,
    unit: '',
    budget: '',
  });

  const exampleCalls = (phase: string) =>
    rec.calls.filter((c) => c.phase === phase).map((c) => ({ ...c, phase: undefined }));
  return {
    rows,
    raw: {
      method:
        "middleware on the handlers' document client; units computed from item images (before/after) by the on-demand billing rules; localReported = DynamoDB Local ReturnConsumedCapacity TOTAL",
      steps,
      sweeper,
      cold,
      calls: {
        'wallet#0 place': exampleCalls('wallet#0 place'),
        'wallet#0 spa': exampleCalls('wallet#0 spa'),
        'gateway#0 place': exampleCalls('gateway#0 place'),
        'gateway#0 webhook': exampleCalls('gateway#0 webhook'),
        'gateway#0 confirm': exampleCalls('gateway#0 confirm'),
        'gateway#0 spa': exampleCalls('gateway#0 spa'),
        'sweeper empty': exampleCalls('sweeper empty'),
        'sweeper check': exampleCalls('sweeper check'),
        'sweeper expire': exampleCalls('sweeper expire'),
        'sweeper settle': exampleCalls('sweeper settle'),
        'cold wallet': exampleCalls('cold wallet'),
        'cold gateway': exampleCalls('cold gateway'),
      },
    },
  };
}
