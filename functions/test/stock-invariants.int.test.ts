import { transact } from '../src/db/transact';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshTable } from '../../test/db';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { createProduct } from '../src/use-cases/catalog/products';
import { createVariant } from '../src/use-cases/catalog/variants';
import { claimCode } from '../src/db/stock/claim-code';
import { codeHash } from '../src/db/stock/code-item';
import { deliverReservedCodeWrite, releaseCodeWrites } from '../src/db/stock/code-transitions';
import { deleteCode } from '../src/db/stock/delete-code';
import { importCodes } from '../src/use-cases/stock/import-codes';
import { codesOfVariant } from '../src/db/stock/purge-variant-codes';
import { growShards } from '../src/db/stock/grow-shards';
import { shardCounters, variantStock } from './commerce-fixtures';

let db: Db;
let run = 0;
const now = () => new Date().toISOString();

type Op =
  | { kind: 'import'; variant: number; codes: number[] }
  | { kind: 'claim'; variant: number; mode: 'reserve' | 'deliver' }
  | { kind: 'release'; pick: number }
  | { kind: 'deliverReserved'; pick: number }
  | { kind: 'delete'; variant: number; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('import' as const),
      variant: fc.nat(1),
      codes: fc.array(fc.nat(9), { maxLength: 6 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('claim' as const),
      variant: fc.nat(1),
      mode: fc.constantFrom('reserve' as const, 'deliver' as const),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('release' as const), pick: fc.nat(20) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('deliverReserved' as const), pick: fc.nat(20) }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('delete' as const), variant: fc.nat(1), pick: fc.nat(20) }),
    weight: 1,
  },
);

const stock = (v: { id: string; product_id: string }) => variantStock(db, v.product_id, v.id);

/** Variant A keeps one shard, variant B is spread over SHARDS_B (imports deal codes over them). */
const SHARDS_B = 3;

describe('stock invariants (property)', () => {
  beforeAll(async () => {
    db = await freshTable('stockprop');
  });

  it('any sequence of import, claim, release, deliver and delete keeps every shard counter = available codes of that shard and never duplicates a code', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const prefix = `R${++run}-`;
        const product = await createProduct(
          db,
          {
            name: `Prop ${run}`,
            description: null,
            category: null,
            image_url: null,
            is_active: true,
            display_order: 0,
          },
          now(),
        );
        const variants = [
          await createVariant(
            db,
            { product_id: product.id, name: 'A', description: null, price: 100, is_active: true },
            now(),
          ),
          await createVariant(
            db,
            { product_id: product.id, name: 'B', description: null, price: 200, is_active: true },
            now(),
          ),
        ];
        await growShards(db, variants[1]!, SHARDS_B, now());
        const reserved: Array<{
          variant_id: string;
          product_id: string;
          stock_shard?: number;
          id: string;
          order_id: string;
          user: string;
        }> = [];
        /** Codes held by an order (reserved or delivered): claiming one of them again is a double sale. */
        const held = new Set<string>();
        let orders = 0;

        for (const o of ops) {
          if (o.kind === 'import') {
            const v = variants[o.variant]!;
            await importCodes(db, {
              variantId: v.id,
              codes: o.codes.map((n) => `${prefix}${n}`),
              now: now(),
            });
          } else if (o.kind === 'claim') {
            const v = variants[o.variant]!;
            const orderId = `${prefix}order-${++orders}`;
            const before = await stock(v);
            // Only the claim is inside the try: an assertion that fails below must fail the test,
            // not be read as 'Out of stock'.
            let got: Awaited<ReturnType<typeof claimCode>> | undefined;
            try {
              got = await claimCode(db, {
                variantId: v.id,
                productId: v.product_id,
                mode: o.mode,
                orderId,
                userId: 'u',
                now: now(),
                holdUntil: now(),
              });
            } catch (error) {
              expect((error as Error).message).toBe('Out of stock');
              expect(before).toBe(0);
            }
            if (got) {
              const claimed = (
                await db.doc.send(
                  new GetCommand({ TableName: db.table, Key: keys.code(v.id, got.id), ConsistentRead: true }),
                )
              ).Item!;
              expect(held.has(claimed.code as string)).toBe(false);
              held.add(claimed.code as string);
              if (o.mode === 'reserve')
                reserved.push({
                  variant_id: v.id,
                  product_id: v.product_id,
                  stock_shard: claimed.stock_shard as number,
                  id: got.id,
                  order_id: orderId,
                  user: 'u',
                });
            }
          } else if (o.kind === 'release' || o.kind === 'deliverReserved') {
            if (reserved.length === 0) continue;
            const [code] = reserved.splice(o.pick % reserved.length, 1);
            // Through transact, as the flows send it: a released code is numbered right after.
            await transact(
              db,
              o.kind === 'release'
                ? releaseCodeWrites(code!, now(), db.table)
                : [deliverReservedCodeWrite(code!, code!.user, now(), db.table)],
            );
            if (o.kind === 'release') {
              const res = await db.doc.send(
                new GetCommand({ TableName: db.table, Key: keys.code(code!.variant_id, code!.id) }),
              );
              held.delete(res.Item?.code as string);
            }
          } else {
            const v = variants[o.variant]!;
            const available = (await codesOfVariant(db, v.id)).filter((c) => c.status === 'available');
            if (available.length === 0) continue;
            await deleteCode(db, {
              variantId: v.id,
              id: available[o.pick % available.length]!.id,
              now: now(),
            });
          }

          // Invariants after every step: each shard's tickets left = its available codes.
          const all = [];
          for (const v of variants) {
            const codes = await codesOfVariant(db, v.id);
            const counters = await shardCounters(db, v.product_id, v.id);
            const available = counters.map(
              (_, n) => codes.filter((c) => c.status === 'available' && (c.stock_shard ?? 0) === n).length,
            );
            expect(counters).toEqual(available);
            expect(codes.every((c) => (c.stock_shard ?? 0) < counters.length)).toBe(true);
            all.push(...codes);
          }
          expect(new Set(all.map((c) => c.code)).size).toBe(all.length);
        }
        // Every stored code owns its uniqueness item.
        for (const c of (await Promise.all(variants.map((v) => codesOfVariant(db, v.id)))).flat()) {
          const unique = await db.doc.send(
            new GetCommand({ TableName: db.table, Key: keys.codeUnique(codeHash(c.code)) }),
          );
          expect(unique.Item?.code_id).toBe(c.id);
        }
        // What the table says is held is exactly what the claims handed out (and did not release).
        const stored = (await Promise.all(variants.map((v) => codesOfVariant(db, v.id))))
          .flat()
          .filter((c) => c.status !== 'available');
        expect(new Set(stored.map((c) => c.code))).toEqual(held);
      }),
      { numRuns: 10 },
    );
  }, 120_000);
});
