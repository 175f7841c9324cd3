import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { SupplierName } from '@khelaghor/contract/facts';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { getSupplierOrder } from '../src/db/fulfilment/supplier-order-items';
import type { StoredFulfilment } from '../src/domain/fulfilment/variant-fulfilment';
import type { Supplier } from '../src/clients/suppliers/supplier';
import { createUnipinSupplier } from '../src/clients/suppliers/unipin';
import { createMoogoldSupplier } from '../src/clients/suppliers/moogold';
import { placeOrder } from '../src/use-cases/orders/place-order';
import { startUnipinSandbox, type UnipinSandbox } from '../../local/src/sandbox-unipin/server';
import { startMoogoldSandbox, type MoogoldSandbox } from '../../local/src/sandbox-moogold/server';
import { seedVariant } from './commerce-fixtures';

/**
 * The fulfilment tests' set-up: both supplier sandboxes on free ports, adapters with a short
 * timeout pointed at them, a clock the tests move, and variants fulfilled by a supplier.
 */
export async function startSuppliers(
  /** Shorter than the sandboxes' held answers, so a timeout after commit is quick. */
  timeoutMs = 1_500,
) {
  const unipin: UnipinSandbox = await startUnipinSandbox({ port: 0, host: '127.0.0.1' });
  const moogold: MoogoldSandbox = await startMoogoldSandbox({ port: 0, host: '127.0.0.1' });
  const adapters: Record<SupplierName, Supplier> = {
    unipin: createUnipinSupplier({
      baseUrl: unipin.url,
      partnerId: unipin.partnerId,
      secret: unipin.secret,
      timeoutMs,
    }),
    moogold: createMoogoldSupplier({
      baseUrl: moogold.url,
      partnerId: moogold.partnerId,
      secret: moogold.secret,
      timeoutMs,
    }),
  };
  return {
    unipin,
    moogold,
    adapters,
    stop: async () => {
      await unipin.stop();
      await moogold.stop();
    },
  };
}

/** A test clock: real time plus whatever the test has moved it on. */
export function testClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms: number) => {
      offset += ms;
    },
  };
}

/** A variant (of a fresh 'Free Fire' product) with a fulfilment setting and `codes` stock codes. */
export async function seedFulfilledVariant(
  db: Db,
  fulfilment: StoredFulfilment,
  opts: { price?: number; codes?: number } = {},
) {
  const v = await seedVariant(db, { price: opts.price ?? 10_000, codes: opts.codes ?? 0 });
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.variant(v.productId, v.variantId),
      UpdateExpression: 'SET fulfilment = :f',
      ExpressionAttributeValues: { ':f': fulfilment },
    }),
  );
  return v;
}

/** A package an operator fulfils by hand (the queue), no supplier. */
export const operatorFulfilment: StoredFulfilment = {
  kind: 'operator',
  supplier: null,
  supplier_product_id: null,
  game_code: null,
};
export const unipinTopup: StoredFulfilment = {
  kind: 'supplier_topup',
  supplier: 'unipin',
  supplier_product_id: 'FF-100',
  game_code: 'FREEFIRE',
};
export const moogoldTopup: StoredFulfilment = {
  kind: 'supplier_topup',
  supplier: 'moogold',
  supplier_product_id: '1001',
  game_code: 'free-fire',
};
export const moogoldVoucher: StoredFulfilment = {
  kind: 'supplier_voucher',
  supplier: 'moogold',
  supplier_product_id: '3001',
  game_code: null,
};

/** A wallet order for the player `uid`, with a fresh Idempotency-Key unless one is given. */
export function orderFor(
  deps: Parameters<typeof placeOrder>[0],
  user: { userId: string; email: string },
  variantId: string,
  opts: { uid?: string; key?: string; method?: 'wallet' | 'bkash' } = {},
) {
  return placeOrder(
    deps,
    user,
    { variant_id: variantId, player_uid: opts.uid ?? '12345678', payment_method: opts.method ?? 'wallet' },
    opts.key ?? ulid(),
  );
}

export const recordOf = (db: Db, orderId: string) => getSupplierOrder(db, orderId);
