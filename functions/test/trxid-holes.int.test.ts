import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUAL_TOPUP_LIMITS } from '@khelaghor/contract/facts';
import type { Db } from '../src/db/client';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { getItem } from '../src/db/batch-get';
import { putPaymentWrite } from '../src/db/payments/payment-items';
import { transact } from '../src/db/transact';
import type { PaymentItem } from '../src/domain/model';
import { keys } from '../src/db/keys';
import { freshTable } from '../../test/db';
import { admin, customer, invoke, type ItemOf } from '../../test/invoke';
import { balanceOf, ledgerSum, seedProfile, startGateway } from './commerce-fixtures';
import { expectBooksBalanced } from './audit-books';

/*
 * The holes issue 32 found in the manual TrxID flow, through the handlers: no limit on requests,
 * a TrxID squatted by another account, a rejected request keeping its TrxID used.
 */

let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
let n = 32_000;
/** A fresh customer with a profile; every test uses its own IP so the files' limits stay apart. */
async function buyer() {
  const u = customer(n++);
  await seedProfile(db, u);
  return u;
}

beforeAll(async () => {
  db = await freshTable('trxid-holes');
  gw = await startGateway(db);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox);
  await gw?.stop();
});

const request = (
  as: { userId: string; email: string },
  trx: string,
  sourceIp: string,
  amount = 50_000,
  sender = '01711111111',
) =>
  invoke('createManualTopup', {
    as,
    sourceIp,
    body: { amount, payment_method: 'bkash', sender_number: sender, transaction_id: trx },
  });
const decide = (id: string, approve: boolean) =>
  invoke(approve ? 'adminApproveManualTopup' : 'adminRejectManualTopup', {
    as: admin,
    params: { id },
    body: {},
  });
const own = async (u: { userId: string; email: string }) =>
  (await invoke('listManualTopups', { as: u })).body.items as Array<ItemOf<'listManualTopups'>>;
const claimOf = (trx: string) => getItem<Record<string, unknown>>(db, keys.trxId(trx));

describe('limits on TrxID requests (DESIGN 12)', () => {
  it('a 4th waiting request is 429 with Retry-After, and nothing of it is written', async () => {
    const u = await buyer();
    for (const k of [1, 2, 3]) expect((await request(u, `PEND${n}X${k}`, '198.51.100.1')).status).toBe(201);
    const fourth = await request(u, `PEND${n}X4`, '198.51.100.1');
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(fourth.body.error.reason).toBe('trxid_pending_limit');
    expect(fourth.body.error.message).toBe(
      `You already have ${MANUAL_TOPUP_LIMITS.pendingPerCustomer} TrxID requests waiting. Please wait until the shop checks them.`,
    );
    expect(await own(u)).toHaveLength(3);
    expect(await claimOf(`PEND${n}X4`)).toBeUndefined();
    // A decision frees a slot: the 4th goes through once the shop has checked one.
    expect((await decide((await own(u))[0]!.id, false)).status).toBe(200);
    expect((await request(u, `PEND${n}X4`, '198.51.100.1')).status).toBe(201);
  });

  it('an 11th request in an hour is 429, even with every earlier one decided', async () => {
    const u = await buyer();
    for (let k = 1; k <= MANUAL_TOPUP_LIMITS.hourlyPerCustomer; k++) {
      const r = await request(u, `HOUR${n}X${k}`, '198.51.100.2');
      expect(r.status).toBe(201);
      expect((await decide(r.body.payment.id, false)).status).toBe(200);
    }
    const eleventh = await request(u, `HOUR${n}X11`, '198.51.100.2');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error.reason).toBe('trxid_rate_limited');
    const wait = Number(eleventh.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await own(u)).toHaveLength(MANUAL_TOPUP_LIMITS.hourlyPerCustomer);
    expect(await claimOf(`HOUR${n}X11`)).toBeUndefined();
  });

  it('a 21st request from one IP in an hour is 429, whoever signs in', async () => {
    const ip = '198.51.100.3';
    for (let k = 1; k <= MANUAL_TOPUP_LIMITS.hourlyPerIp; k++)
      expect((await request(await buyer(), `IPLIM${n}X${k}`, ip)).status).toBe(201);
    const late = await buyer();
    const refused = await request(late, `IPLIM${n}X21`, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error.reason).toBe('trxid_rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await own(late)).toHaveLength(0);
    // The same buyer from another address is not held by that one's limit.
    expect((await request(late, `IPLIM${n}X21`, '198.51.100.4')).status).toBe(201);
  });
});

describe('a TrxID is credited once, and never lost to a squatter', () => {
  it('a rejected request frees its TrxID: the real payer can claim it and be credited', async () => {
    const [a, b] = [await buyer(), await buyer()];
    const trx = `FREE${n}`;
    const first = await request(a, trx, '198.51.100.10');
    expect(first.status).toBe(201);
    expect((await decide(first.body.payment.id, false)).status).toBe(200);
    const second = await request(b, trx, '198.51.100.11', 50_000, '01822222222');
    expect(second.status).toBe(201);
    expect((await decide(second.body.payment.id, true)).status).toBe(200);
    expect(await balanceOf(db, b.userId)).toBe(50_000);
    expect(await balanceOf(db, a.userId)).toBe(0);
    // Credited now: nobody claims it again.
    const third = await request(await buyer(), trx, '198.51.100.12');
    expect(third.status).toBe(409);
    expect(third.body.error.reason).toBe('trxid_used');
  });

  it("a squatter's pending claim does not lock the payer out; the queue shows both; one is credited", async () => {
    const [squatter, payer] = [await buyer(), await buyer()];
    const trx = `SQUAT${n}`;
    const a = await request(squatter, trx, '198.51.100.20', 50_000, '01733333333');
    expect(a.status).toBe(201);
    const b = await request(payer, trx.toLowerCase(), '198.51.100.21', 50_000, '01844444444');
    expect(b.status).toBe(201);
    const queue = await invoke('adminListManualTopups', {
      as: admin,
      query: { status: 'pending', limit: '100' },
    });
    const row = (id: string) =>
      (queue.body.items as Array<ItemOf<'adminListManualTopups'>>).find((p) => p.id === id)!;
    expect(row(b.body.payment.id).competing).toEqual([
      expect.objectContaining({ id: a.body.payment.id, sender_number: '01733333333', status: 'pending' }),
    ]);
    expect(row(a.body.payment.id).competing).toEqual([
      expect.objectContaining({
        id: b.body.payment.id,
        sender_number: '01844444444',
        user_email: payer.email,
      }),
    ]);
    expect((await decide(b.body.payment.id, true)).status).toBe(200);
    const squatted = await decide(a.body.payment.id, true);
    expect(squatted.status).toBe(409);
    expect(squatted.body.error.reason).toBe('trxid_credited_elsewhere');
    expect(await balanceOf(db, squatter.userId)).toBe(0);
    expect(await balanceOf(db, payer.userId)).toBe(50_000);
    // The squatter's request is still there for the admin to reject.
    expect((await decide(a.body.payment.id, false)).status).toBe(200);
    expect((await claimOf(trx))?.approved_payment_id).toBe(b.body.payment.id);
  });

  it('a TrxID claimed before requests could share one (its one payment_id) stays used', async () => {
    const trx = `OLD${n}`;
    // The item's first shape: one request's id, no set of claims, no approved_payment_id. It never
    // says whether that request was credited, so the TrxID counts as used.
    const old = {
      ...keys.trxId(trx),
      type: 'trx_unique',
      payment_id: 'OLD-REQUEST',
      created_at: '2025-01-01T00:00:00.000Z',
    };
    await db.doc.send(new PutCommand({ TableName: db.table, Item: old }));
    const u = await buyer();
    const again = await request(u, trx, '198.51.100.50');
    expect(again.status).toBe(409);
    expect(again.body.error.reason).toBe('trxid_used');
    // Nothing of the request is written: no request for an admin to approve, the claim as it was.
    expect(await own(u)).toEqual([]);
    expect(await claimOf(trx)).toEqual(old);
    expect(await balanceOf(db, u.userId)).toBe(0);
  });

  it('a waiting request of the first shape, rejected, gives its TrxID back once', async () => {
    const owner = await buyer();
    const trx = `OLDREJ${n}`;
    const at = new Date().toISOString();
    const payment: PaymentItem = {
      type: 'payment',
      id: ulid(),
      kind: 'manual_topup',
      user_id: owner.userId,
      user_email: owner.email,
      amount: 50_000,
      payment_method: 'bkash',
      payment_provider: 'manual',
      status: 'pending',
      transaction_id: trx,
      sender_number: '01711111111',
      created_at: at,
      updated_at: at,
    };
    // A request made before claims were shared: its TrxID item holds its id as `payment_id`.
    await transact(db, [putPaymentWrite(db.table, payment)]);
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.trxId(trx), type: 'trx_unique', payment_id: payment.id, created_at: at },
      }),
    );
    expect((await decide(payment.id, false)).status).toBe(200);
    expect((await claimOf(trx))?.payment_id).toBeUndefined();
    // Decided once: a second rejection is refused; the real payer claims the TrxID and is credited.
    expect((await decide(payment.id, false)).status).toBe(409);
    const payer = await buyer();
    const next = await request(payer, trx, '198.51.100.51');
    expect(next.status).toBe(201);
    expect((await decide(next.body.payment.id, true)).status).toBe(200);
    expect(await balanceOf(db, payer.userId)).toBe(50_000);
    expect(await balanceOf(db, owner.userId)).toBe(0);
  });

  it('approving two requests for one TrxID at once credits exactly one', async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b] = [await buyer(), await buyer()];
      const trx = `RACE${n}R${round}`;
      const ra = await request(a, trx, `198.51.100.${30 + round}`, 20_000);
      const rb = await request(b, trx, `198.51.100.${40 + round}`, 20_000);
      expect([ra.status, rb.status]).toEqual([201, 201]);
      const results = await Promise.all([decide(ra.body.payment.id, true), decide(rb.body.payment.id, true)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const credited = (await balanceOf(db, a.userId)) + (await balanceOf(db, b.userId));
      expect(credited).toBe(20_000);
      expect((await ledgerSum(db, a.userId)) + (await ledgerSum(db, b.userId))).toBe(20_000);
    }
  });
});
