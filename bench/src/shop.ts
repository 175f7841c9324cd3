/** Bench data made through the API, as an admin and customers would: products, codes, users, money. */
import { randomUUID } from 'node:crypto';
import { callRoute, createUser, getTokens } from '../../e2e/src/api';
import { pool } from './stats';
import type { BenchStack } from './stack';

export interface ApiUser {
  userId: string;
  email: string;
  token: string;
}

async function ok<T>(what: string, p: Promise<{ status: number; body: T }>): Promise<T> {
  const res = await p;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function adminToken(stack: BenchStack): Promise<string> {
  return (await getTokens(stack, stack.admin.email, stack.admin.password)).idToken;
}

/** Products this run made; hidden again at the end so a shared stack's shop front stays clean. */
const created: Array<{ id: string; name: string }> = [];

export async function hideBenchProducts(stack: BenchStack): Promise<void> {
  if (created.length === 0) return;
  const admin = await adminToken(stack);
  for (const p of created.splice(0)) {
    await callRoute(stack, 'adminUpdateProduct', {
      token: admin,
      params: { id: p.id },
      body: { name: p.name, category: 'Bench', is_active: false, display_order: 999 },
    });
  }
}

/** A new active product with one variant (price in poisha). */
export async function createVariant(
  stack: BenchStack,
  admin: string,
  label: string,
  price: number,
): Promise<{ productId: string; variantId: string }> {
  const name = `Bench ${label} ${randomUUID().slice(0, 6)}`;
  const { product } = await ok(
    'create product',
    callRoute<{ product: { id: string } }>(stack, 'adminCreateProduct', {
      token: admin,
      body: { name, category: 'Bench', is_active: true, display_order: 999 },
    }),
  );
  created.push({ id: product.id, name });
  const { variant } = await ok(
    'create variant',
    callRoute<{ variant: { id: string } }>(stack, 'adminCreateVariant', {
      token: admin,
      body: { product_id: product.id, name: `${label} pack`, price, is_active: true },
    }),
  );
  return { productId: product.id, variantId: variant.id };
}

/** Unique codes through the admin bulk import (1,000 per request, the route's limit). */
export async function importCodes(
  stack: BenchStack,
  admin: string,
  variantId: string,
  count: number,
  onRequest?: (ms: number) => void,
): Promise<number> {
  const tag = randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase();
  let stock = 0;
  for (let start = 0; start < count; start += 1000) {
    const codes = Array.from(
      { length: Math.min(1000, count - start) },
      (_, i) => `BENCH-${tag}-${String(start + i).padStart(6, '0')}`,
    );
    const sent = Date.now();
    const res = await ok(
      'import codes',
      callRoute<{ counts: { added: number }; stock: number }>(stack, 'adminImportVouchers', {
        token: admin,
        body: { variant_id: variantId, codes },
      }),
    );
    onRequest?.(Date.now() - sent);
    stock = res.stock;
  }
  return stock;
}

/** Customers signed up in cognito-local, profile made by GET /api/me, wallet credited by the admin route. */
export async function fundedUsers(
  stack: BenchStack,
  admin: string,
  count: number,
  credit: number,
): Promise<ApiUser[]> {
  return pool(
    Array.from({ length: count }, (_, i) => i),
    4,
    async (i) => {
      const user = await createUser(stack, {
        email: `bench-${i}-${randomUUID().slice(0, 8)}@example.com`,
        fullName: `Bench Buyer ${i}`,
      });
      const token = user.tokens.idToken;
      await ok('get me', callRoute(stack, 'getMe', { token }));
      if (credit > 0)
        await ok(
          'credit wallet',
          callRoute(stack, 'adminWalletAdjustment', {
            token: admin,
            body: { user_id: user.sub, type: 'credit', amount: credit },
          }),
        );
      return { userId: user.sub, email: user.email, token };
    },
  );
}

/** Player UID the order schema accepts (8-12 digits). */
export const PLAYER_UID = '123456789';
