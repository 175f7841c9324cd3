import { isPagedRoute, routeList, type RouteName } from '@khelaghor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { storeSms } from '../src/db/payments/sms-items';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { seedProfile, seedVariant } from './commerce-fixtures';
import { createPromo } from './promos-fixtures';
import { call } from './reseller-fixtures';

/**
 * Page cursors cannot be forged (DESIGN 11): walks THE route table, so a paged route added later
 * is checked without touching this file. Every route whose query has a `cursor` answers 400
 * invalid_cursor to a forged cursor, to a real cursor of another user or another list, and to a
 * real cursor with one character changed; its own real cursor still gives the next page.
 */
// Reseller API routes are signed, not called with a token: reseller-api.int.test.ts pages them.
const pagedRoutes = routeList.filter((r) => isPagedRoute(r) && r.access !== 'reseller');
const invalidCursor = {
  error: {
    code: 'invalid_cursor',
    message: 'Invalid cursor. Please reload the list.',
    reason: 'invalid_cursor',
  },
};
const forged = Buffer.from(JSON.stringify({ pk: 'x' }), 'utf8').toString('base64url');

const userA = customer(1);
const userB = customer(2);
const callerOf = (route: { access: string }) => (route.access === 'admin' ? admin : userA);
const PROMO = 'CURSORS';

/** Path parameters of the paged routes that page one thing (a promo's orders, a reseller's callbacks). */
const paramsOf = (route: string, user = userA): Record<string, string> | undefined =>
  ({ adminGetPromo: { code: PROMO }, adminListResellerCallbacks: { userId: user.userId } })[route];
/** Two routes that page the very same list (a reseller's callbacks, seen by the reseller and the admin). */
const sameList = (a: string, b: string) =>
  [a, b].sort().join() === 'adminListResellerCallbacks,resellerListCallbacks';
/** The page in the answer: at the top, or under `orders` for a promo's detail. */
const pageIn = (route: string, body: Record<string, unknown>) =>
  (route === 'adminGetPromo' ? body.orders : body) as {
    items: Array<{ id?: string; user_id?: string }>;
    cursor: string | null;
  };

/** Other lists served by the same route (another status, another variant): their cursors are foreign too. */
const otherListsOf = (variantId: string): Partial<Record<RouteName, Array<Record<string, string>>>> => ({
  adminListOrders: [{ status: 'completed' }],
  adminListVouchers: [{ status: 'available' }, { variant_id: variantId }],
});

/** One character changed, in the middle, to another character of the base64url alphabet. */
function changeOneChar(cursor: string): string {
  const at = Math.floor(cursor.length / 2);
  const replacement = cursor[at] === 'A' ? 'B' : 'A';
  return cursor.slice(0, at) + replacement + cursor.slice(at + 1);
}

let db: Db;
let variantId: string;
/** A real first-page cursor (limit 1) per route, for the default list of the route's caller. */
const firstCursor = new Map<string, string>();
/** Real cursors of other lists: [label, route name, query] -> cursor. */
const foreign: Array<{ label: string; route: string; cursor: string }> = [];

async function page(route: string, as: object, query: Record<string, string> = {}, params = paramsOf(route)) {
  const res = await invoke(route as RouteName, {
    as: as as typeof userA,
    params,
    query: { limit: '1', ...query },
  });
  expect(res.status, `${route} ${JSON.stringify(query)}: ${JSON.stringify(res.body)}`).toBe(200);
  return pageIn(route, res.body);
}

/** Items of a page by their id (a reseller is listed by its user id). */
const idOf = (item: { id?: string; user_id?: string }) => item.id ?? item.user_id;

beforeAll(async () => {
  db = await freshTable('cursors');
  ({ variantId } = await seedVariant(db, { price: 1000, codes: 12 }));
  await createPromo({ code: PROMO, discount_type: 'fixed', discount_value: 100 });
  // Two SMS for the admin's SMS inbox, stored as the intake stores them.
  for (const i of [1, 2])
    await storeSms(
      db,
      {
        messageId: `cursors-${i}`,
        deviceId: 'cursors-phone',
        receivingNumber: '01711111111',
        sender: 'bKash',
        text: `Not a payment ${i}`,
      },
      new Date(),
    );
  // Two customers with two wallet orders (orders, codes, ledger, the promo's orders) and two TrxID
  // requests each; both are resellers too, with two API orders (two callbacks) each.
  for (const [n, user] of [userA, userB].entries()) {
    await seedProfile(db, user, 10_000);
    await invoke('adminPutReseller', { as: admin, params: { userId: user.userId }, body: {} });
    const key = await invoke('resellerCreateKey', { as: user, body: { label: 'cursors' } });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const signer = { keyId: key.body.key.id as string, secret: key.body.secret as string };
    for (const i of [1, 2]) {
      const order = await invoke('placeOrder', {
        as: user,
        headers: { 'Idempotency-Key': `cursor-test-${n}-${i}` },
        body: { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet', promo_code: PROMO },
      });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      const apiOrder = await call('resellerApiPlaceOrder', signer, {
        headers: { 'Idempotency-Key': `cursor-api-${n}-${i}` },
        body: JSON.stringify({ variant_id: variantId, player_uid: '123456789' }),
      });
      expect(apiOrder.status, JSON.stringify(apiOrder.body)).toBe(201);
      const topup = await invoke('createManualTopup', {
        as: user,
        body: {
          amount: 2000,
          payment_method: 'bkash',
          sender_number: '01711111111',
          transaction_id: `TRX-CUR-${n}-${i}`,
        },
      });
      expect(topup.status, JSON.stringify(topup.body)).toBe(201);
    }
  }

  for (const route of pagedRoutes) {
    const mine = await page(route.name, callerOf(route));
    expect(mine.cursor, `${route.name} needs more seeded rows for a second page`).toEqual(expect.any(String));
    firstCursor.set(route.name, mine.cursor!);
    if (route.access !== 'admin' || route.name === 'adminListResellerCallbacks') {
      const theirs = await page(
        route.name,
        route.access === 'admin' ? admin : userB,
        {},
        paramsOf(route.name, userB),
      );
      foreign.push({ label: `${route.name} of another user`, route: route.name, cursor: theirs.cursor! });
    }
    for (const query of otherListsOf(variantId)[route.name as RouteName] ?? []) {
      const other = await page(route.name, callerOf(route), query);
      foreign.push({
        label: `${route.name} ${JSON.stringify(query)}`,
        route: route.name,
        cursor: other.cursor!,
      });
    }
  }
});

describe('page cursors of every paged route', () => {
  it('the route table has paged customer and admin routes', () => {
    expect(pagedRoutes.some((r) => r.access === 'user')).toBe(true);
    expect(pagedRoutes.some((r) => r.access === 'admin')).toBe(true);
  });

  describe.each(pagedRoutes)('$name', (route) => {
    const next = (cursor: string) =>
      invoke(route.name as RouteName, {
        as: callerOf(route),
        params: paramsOf(route.name),
        query: { limit: '1', cursor },
      });

    it(`${route.method} ${route.path}: a real cursor gives the next page`, async () => {
      const first = await page(route.name, callerOf(route));
      const res = await next(first.cursor!);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const second = pageIn(route.name, res.body);
      expect(second.items).toHaveLength(1);
      expect(idOf(second.items[0]!)).toEqual(expect.any(String));
      expect(idOf(second.items[0]!)).not.toBe(idOf(first.items[0]!));
    });

    it(`${route.method} ${route.path}: a forged cursor is a 400`, async () => {
      const res = await next(forged);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalidCursor);
    });

    it(`${route.method} ${route.path}: a real cursor with one character changed is a 400`, async () => {
      const res = await next(changeOneChar(firstCursor.get(route.name)!));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalidCursor);
    });

    it(`${route.method} ${route.path}: real cursors of other users' and other lists' pages are a 400`, async () => {
      const others = [
        ...foreign,
        ...[...firstCursor]
          .filter(([name]) => name !== route.name && !sameList(name, route.name))
          .map(([name, cursor]) => ({ label: name, route: name, cursor })),
      ].filter((o) => !(o.route === route.name && firstCursor.get(route.name) === o.cursor));
      expect(others.length).toBeGreaterThan(0);
      for (const other of others) {
        const res = await next(other.cursor);
        expect({ from: other.label, status: res.status, body: res.body }).toEqual({
          from: other.label,
          status: 400,
          body: invalidCursor,
        });
      }
    });
  });
});
