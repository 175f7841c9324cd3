import { isPagedRoute, routeList, type RouteName } from '@khelaghor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { seedProfile, seedVariant } from './commerce-fixtures';

/**
 * Page cursors cannot be forged (DESIGN 11): walks THE route table, so a paged route added later
 * is checked without touching this file. Every route whose query has a `cursor` answers 400
 * invalid_cursor to a forged cursor, to a real cursor of another user or another list, and to a
 * real cursor with one character changed; its own real cursor still gives the next page.
 */
// Reseller API routes are signed, not called with a token: reseller-api.int.test.ts pages them.
const pagedRoutes = routeList.filter((r) => isPagedRoute(r) && r.access !== 'reseller');
const invalidCursor = {
  error: { code: 'invalid_cursor', message: 'Invalid cursor. Please reload the list.' },
};
const forged = Buffer.from(JSON.stringify({ pk: 'x' }), 'utf8').toString('base64url');

const userA = customer(1);
const userB = customer(2);
const callerOf = (route: { access: string }) => (route.access === 'admin' ? admin : userA);

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

async function page(route: string, as: object, query: Record<string, string> = {}) {
  const res = await invoke(route as RouteName, { as: as as typeof userA, query: { limit: '1', ...query } });
  expect(res.status, `${route} ${JSON.stringify(query)}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as { items: Array<{ id: string }>; cursor: string | null };
}

beforeAll(async () => {
  db = await freshTable('cursors');
  ({ variantId } = await seedVariant(db, { price: 1000, codes: 8 }));
  // Two customers with two wallet orders (orders, codes, ledger) and two TrxID requests each.
  for (const [n, user] of [userA, userB].entries()) {
    await seedProfile(db, user, 10_000);
    // Both are resellers too, so the admin's reseller list has two pages.
    await invoke('adminPutReseller', { as: admin, params: { userId: user.userId }, body: {} });
    for (const i of [1, 2]) {
      const order = await invoke('placeOrder', {
        as: user,
        headers: { 'Idempotency-Key': `cursor-test-${n}-${i}` },
        body: { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' },
      });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
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
    if (route.access !== 'admin') {
      const theirs = await page(route.name, userB);
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
    const call = (cursor: string) =>
      invoke(route.name as RouteName, { as: callerOf(route), query: { limit: '1', cursor } });

    it(`${route.method} ${route.path}: a real cursor gives the next page`, async () => {
      const first = await page(route.name, callerOf(route));
      const next = await call(first.cursor!);
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      expect(next.body.items).toHaveLength(1);
      expect(next.body.items[0].id).not.toBe(first.items[0]!.id);
    });

    it(`${route.method} ${route.path}: a forged cursor is a 400`, async () => {
      const res = await call(forged);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalidCursor);
    });

    it(`${route.method} ${route.path}: a real cursor with one character changed is a 400`, async () => {
      const res = await call(changeOneChar(firstCursor.get(route.name)!));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalidCursor);
    });

    it(`${route.method} ${route.path}: real cursors of other users' and other lists' pages are a 400`, async () => {
      const others = [
        ...foreign,
        ...[...firstCursor]
          .filter(([name]) => name !== route.name)
          .map(([name, cursor]) => ({ label: name, route: name, cursor })),
      ].filter((o) => !(o.route === route.name && firstCursor.get(route.name) === o.cursor));
      expect(others.length).toBeGreaterThan(0);
      for (const other of others) {
        const res = await call(other.cursor);
        expect({ from: other.label, status: res.status, body: res.body }).toEqual({
          from: other.label,
          status: 400,
          body: invalidCursor,
        });
      }
    });
  });
});
