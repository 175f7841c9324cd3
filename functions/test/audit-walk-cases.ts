import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RouteName } from '@khelaghor/contract';
import { ulid } from 'ulid';
import { expect } from 'vitest';
import type { UserDirectory } from '../src/clients/user-directory';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { paymentIndexKeys } from '../src/db/payments/payment-items';
import { writeAdminRole } from '../src/db/users/admin-role';
import { claimQueued } from '../src/use-cases/fulfilment/operator';
import { admin, customer, invoke, type InvokeOptions, type LooseBody } from '../../test/invoke';
import { API_KEY, invoiceOf, seedProfile, seedVariant, type startGateway } from './commerce-fixtures';
import { makeResellerAccount, pendingCallback } from './callback-target-fixtures';
import { operatorFulfilment, seedFulfilledVariant } from './fulfilment-fixtures';
import type { MoogoldSandbox } from '../../local/src/sandbox-moogold/server';

/**
 * The admin routes that change state, walked in an order that builds on itself (issue 34's audit
 * walk, audit-walk.int.test.ts): for each, what a refused call sends and the 4xx it gets, and what a
 * successful call sends (after any set-up it needs). Set-up writes go straight to the table or
 * through customer routes, outside any admin call, so they add no audit entry.
 */

export type Caller = NonNullable<InvokeOptions['as']>;
type Send = Omit<InvokeOptions, 'as' | 'sourceIp'>;
type Key = { pk: string; sk: string };
/** What the audit entries of a call hold (as stored). */
export type StoredAuditEntry = Record<string, unknown> & {
  call_id: string;
  changes: Array<Key & Record<string, unknown>>;
};

export interface WalkCase {
  route: RouteName;
  /** Who calls, both times (default: the test admin). */
  as?: Caller;
  /** The refused call, sent first: no entry may come of it. */
  refused: { status: number; send: () => Send; as?: Caller };
  /** The successful call: its set-up, then what it sends. */
  ok: () => Promise<Send> | Send;
  /** Items the success must name in its entries' changes (routes whose main state is elsewhere). */
  names?: () => Key[];
  /** What the success's entries must not show: secrets and voucher codes (masked in the trail). */
  hides?: (body: LooseBody) => string[];
  /** The success writes nothing in DynamoDB: why (it must add no entry either). */
  writesNothing?: string;
  /** Read what later cases need from the answer and the entries. */
  then?: (body: LooseBody, entries: StoredAuditEntry[]) => void;
}

export const mfaAdmin = { userId: 'admin-mfa', email: 'mfa-admin@example.com', groups: ['admin'] };
const buyer = customer(34_001);
const grantee = customer(34_002);
const grantee2 = customer(34_003);
const reseller = customer(34_004);
const callbackReseller = customer(34_005);
const manualBuyer = customer(34_006);
const drifted = customer(34_007);
const refundBuyer = customer(34_008);

/** A Cognito stand-in for the admin group (the role record in the table stays real). */
export function fakeDirectory(): UserDirectory & { known: Set<string>; during?: () => Promise<void> } {
  const admins = new Set<string>([admin.userId]);
  const known = new Set<string>([admin.userId, grantee.userId, grantee2.userId]);
  const check = (id: string) => {
    if (!known.has(id))
      throw Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
  };
  const directory = {
    known,
    during: undefined as undefined | (() => Promise<void>),
    async isAdmin(id: string) {
      check(id);
      await directory.during?.();
      return admins.has(id);
    },
    async addToAdminGroup(id: string) {
      check(id);
      admins.add(id);
    },
    async removeFromAdminGroup(id: string) {
      check(id);
      admins.delete(id);
    },
  };
  return directory;
}

const dhakaDay = (ms: number) => new Date(ms + 6 * 3600_000).toISOString().slice(0, 10);
/** A past day with one drifted wallet: the reconciliation of it finds one break. */
const PAST_DAY = dhakaDay(Date.now() - 40 * 86_400_000);

const wallet = { provider: 'bkash', number: '01712345678', type: 'personal' };
const bank = {
  bank_name: 'Dutch-Bangla Bank',
  account_name: 'Khelaghor Ltd',
  account_number: '123-456-7890',
};
const rid = () => `walk-${ulid()}`;

/** Set-up done before the walk (nothing of it through an admin route). */
export async function seedWalk(db: Db) {
  await writeAdminRole(
    db,
    mfaAdmin.userId,
    { isAdmin: true, by: 'test', now: new Date() },
    { profile: 'if-exists' },
  );
  for (const u of [buyer, grantee, grantee2, reseller, manualBuyer]) await seedProfile(db, u);
  // The test admin's own profile (with its role's flag): removing one's own role is refused.
  await seedProfile(db, admin);
  await writeAdminRole(
    db,
    admin.userId,
    { isAdmin: true, by: 'test', now: new Date() },
    { profile: 'if-exists' },
  );
  await makeResellerAccount(db, callbackReseller);
  // The drifted wallet of PAST_DAY: balance 50.00, no ledger line, one adjustment that day.
  await seedProfile(db, drifted);
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.profile(drifted.userId),
      UpdateExpression: 'SET balance = :b',
      ExpressionAttributeValues: { ':b': 5_000 },
    }),
  );
  const at = `${PAST_DAY}T06:00:00.000Z`;
  const payment = {
    type: 'payment' as const,
    id: `walk-pay-${ulid()}`,
    kind: 'adjustment' as const,
    user_id: drifted.userId,
    amount: 5_000,
    payment_method: 'cash',
    payment_provider: 'admin' as const,
    status: 'completed' as const,
    created_at: at,
    updated_at: at,
  };
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.payment(payment.id), ...payment, ...paymentIndexKeys(payment) },
    }),
  );
}

/** What the walk learns as it goes (ids made by earlier calls). */
export interface WalkState {
  productId: string;
  variantId: string;
  voucherId: string;
  jobId: string;
  slideId: string;
  announcementId: string;
  seoId: string;
  deviceId: string;
  orderId: string;
  queued: string[];
  refundOrderId: string;
  refundId: string;
  breakId: string;
  keyId: string;
  callbackId: string;
}

const PROMO = 'WALK-10';
const PAGE = 'refund';

const id = (body: LooseBody, path: string): string => {
  const value = path.split('.').reduce((v, k) => v?.[k], body);
  expect(typeof value, `${path} in ${JSON.stringify(body)}`).toBe('string');
  return value;
};

/** The walk's table, sandbox gateway and sandbox supplier, set in the test's beforeAll. */
export interface WalkEnv {
  db: Db;
  gw: Awaited<ReturnType<typeof startGateway>>;
  moogold: MoogoldSandbox;
}

export function walkCases(t: WalkEnv, w: Partial<WalkState>): WalkCase[] {
  const nope = { params: { id: 'nope-0000' } };
  const manualTopup = async (trx: string) => {
    const res = await invoke('createManualTopup', {
      as: manualBuyer,
      body: { amount: 30_000, payment_method: 'bkash', sender_number: '01711111111', transaction_id: trx },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return id(res.body, 'payment.id');
  };
  const queuedOrder = async () => {
    const { variantId } = await seedFulfilledVariant(t.db, operatorFulfilment, { price: 12_000 });
    const u = customer(35_000 + (w.queued?.length ?? 0));
    await seedProfile(t.db, u, 12_000);
    const res = await invoke('placeOrder', {
      as: u,
      headers: { 'Idempotency-Key': rid() },
      body: { variant_id: variantId, player_uid: '55512345', payment_method: 'wallet' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return id(res.body, 'order.id');
  };

  return [
    // Catalogue: product → variant → codes → categories → delete.
    {
      route: 'adminCreateProduct',
      refused: { status: 400, send: () => ({ body: { name: '   ' } }) },
      ok: () => ({ body: { name: 'Walk product', category: 'Walk Games' } }),
      then: (b) => (w.productId = id(b, 'product.id')),
    },
    {
      route: 'adminUpdateProduct',
      refused: { status: 404, send: () => ({ ...nope, body: { name: 'x' } }) },
      ok: () => ({ params: { id: w.productId! }, body: { name: 'Walk product 2', category: 'Walk Games' } }),
    },
    {
      route: 'adminCreateVariant',
      refused: { status: 404, send: () => ({ body: { product_id: 'missing', name: 'x', price: 100 } }) },
      ok: () => ({ body: { product_id: w.productId!, name: '100 Diamonds', price: 10_000 } }),
      then: (b) => (w.variantId = id(b, 'variant.id')),
    },
    {
      route: 'adminUpdateVariant',
      refused: {
        status: 422,
        send: () => ({ params: { id: w.variantId! }, body: { product_id: 'other', name: 'x', price: 100 } }),
      },
      ok: () => ({
        params: { id: w.variantId! },
        body: { product_id: w.productId!, name: '100 Diamonds', price: 9_900 },
      }),
    },
    {
      route: 'adminAddVoucher',
      refused: { status: 404, send: () => ({ body: { variant_id: 'missing', code: 'CODE-WALK-0' } }) },
      ok: () => ({ body: { variant_id: w.variantId!, code: 'CODE-WALK-A' } }),
      hides: () => ['CODE-WALK-A'],
      then: (b) => (w.voucherId = id(b, 'voucher.id')),
    },
    {
      route: 'adminImportVouchers',
      refused: { status: 400, send: () => ({ body: { variant_id: w.variantId!, codes: [] } }) },
      ok: () => ({ body: { variant_id: w.variantId!, codes: ['CODE-WALK-B', 'CODE-WALK-C'] } }),
      hides: () => ['CODE-WALK-B', 'CODE-WALK-C'],
    },
    {
      route: 'adminDeleteVoucher',
      refused: { status: 404, send: () => ({ params: { variant_id: w.variantId!, id: 'nope-0000' } }) },
      ok: () => ({ params: { variant_id: w.variantId!, id: w.voucherId! } }),
    },
    {
      route: 'adminSetCategoryBangla',
      refused: { status: 404, send: () => ({ params: { name: 'Nope' }, body: { name_bn: 'না' } }) },
      ok: () => ({ params: { name: 'Walk Games' }, body: { name_bn: 'খেলা' } }),
    },
    {
      route: 'adminRenameCategory',
      refused: { status: 400, send: () => ({ params: { name: 'Walk Games' }, body: { name: ' ' } }) },
      ok: () => ({ params: { name: 'Walk Games' }, body: { name: 'Walk Games 2' } }),
    },
    {
      route: 'adminRemoveCategory',
      refused: { status: 404, send: () => ({ params: { name: 'Nope' } }) },
      ok: () => ({ params: { name: 'Walk Games 2' } }),
    },
    {
      route: 'adminDeleteVariant',
      refused: { status: 404, send: () => nope },
      ok: () => ({ params: { id: w.variantId! } }),
      // The job's slices run outside the admin's scope; the job item the call wrote is audited.
      then: (_, entries) => {
        const job = entries.flatMap((e) => e.changes).find((c) => c.pk.startsWith('JOB#'));
        expect(job, 'the delete job is in the entry').toBeDefined();
        w.jobId = job!.pk.slice('JOB#'.length);
      },
    },
    {
      route: 'adminDeleteProduct',
      refused: { status: 404, send: () => nope },
      ok: () => ({ params: { id: w.productId! } }),
    },
    // Promo codes.
    {
      route: 'adminCreatePromo',
      refused: {
        status: 400,
        send: () => ({ body: { code: 'X!', discount_type: 'percent', discount_value: 150 } }),
      },
      ok: () => ({ body: { code: PROMO, discount_type: 'percent', discount_value: 10 } }),
    },
    {
      route: 'adminUpdatePromo',
      refused: {
        status: 404,
        send: () => ({ params: { code: 'NOPE' }, body: { discount_type: 'percent', discount_value: 10 } }),
      },
      ok: () => ({ params: { code: PROMO }, body: { discount_type: 'fixed', discount_value: 2_000 } }),
    },
    // The storefront's content.
    {
      route: 'adminCreateSlide',
      refused: { status: 400, send: () => ({ body: { title: '' } }) },
      ok: () => ({ body: { title: 'Walk', image_url: '/seed/slide-1.svg' } }),
      then: (b) => (w.slideId = id(b, 'slide.id')),
    },
    {
      route: 'adminUpdateSlide',
      refused: { status: 404, send: () => ({ ...nope, body: { title: 'x', image_url: '/x.svg' } }) },
      ok: () => ({ params: { id: w.slideId! }, body: { title: 'Walk!', image_url: '/seed/slide-1.svg' } }),
    },
    {
      route: 'adminDeleteSlide',
      refused: { status: 404, send: () => nope },
      ok: () => ({ params: { id: w.slideId! } }),
    },
    {
      route: 'adminCreateAnnouncement',
      refused: { status: 400, send: () => ({ body: { title: 'x', expires_at: 'tomorrow' } }) },
      ok: () => ({ body: { title: 'Eid sale', message: '10% off' } }),
      then: (b) => (w.announcementId = id(b, 'announcement.id')),
    },
    {
      route: 'adminUpdateAnnouncement',
      refused: { status: 404, send: () => ({ ...nope, body: { title: 'x', message: 'y' } }) },
      ok: () => ({
        params: { id: w.announcementId! },
        body: { title: 'Eid sale', message: 'over', is_active: false },
      }),
    },
    {
      route: 'adminDeleteAnnouncement',
      refused: { status: 404, send: () => nope },
      ok: () => ({ params: { id: w.announcementId! } }),
    },
    {
      route: 'adminCreateSeo',
      refused: { status: 400, send: () => ({ body: { page_path: '', title: 'x' } }) },
      ok: () => ({ body: { page_path: '/', title: 'Khelaghor', description: 'Top-ups' } }),
      then: (b) => (w.seoId = id(b, 'seo.id')),
    },
    {
      route: 'adminUpdateSeo',
      refused: { status: 404, send: () => ({ ...nope, body: { title: 'x' } }) },
      ok: () => ({ params: { id: w.seoId! }, body: { title: 'New title' } }),
    },
    {
      route: 'adminDeleteSeo',
      refused: { status: 404, send: () => nope },
      ok: () => ({ params: { id: w.seoId! } }),
    },
    {
      route: 'adminPutSiteSettings',
      refused: { status: 400, send: () => ({ body: { brand_name: '' } }) },
      ok: () => ({ body: { brand_name: 'Khelaghor', send_money_minutes: 45 } }),
    },
    {
      route: 'adminPutNotifySettings',
      refused: {
        status: 400,
        send: () => ({ body: { alert_emails: ['not-an-email'], low_stock_level: 3 } }),
      },
      ok: () => ({ body: { alert_emails: ['ops@shop.test'], low_stock_level: 3 } }),
    },
    {
      route: 'adminPutReceivingAccounts',
      refused: {
        status: 400,
        send: () => ({ body: { wallets: [{ ...wallet, number: '12345' }], banks: [] } }),
      },
      ok: () => ({ body: { wallets: [wallet], banks: [bank] } }),
    },
    {
      route: 'adminPutPage',
      refused: { status: 400, send: () => ({ params: { slug: PAGE }, body: { title: '' } }) },
      ok: () => ({ params: { slug: PAGE }, body: { title: 'Refund Policy', body: 'Codes are final.' } }),
    },
    // Money: wallets, manual top-ups, orders, the gateway.
    {
      route: 'adminWalletAdjustment',
      refused: { status: 404, send: () => ({ body: { user_id: 'nobody', type: 'credit', amount: 100 } }) },
      ok: () => ({ body: { user_id: buyer.userId, type: 'credit', amount: 30_000, payment_method: 'cash' } }),
    },
    {
      route: 'adminDemoTopup',
      refused: { status: 404, send: () => ({ params: { id: 'nobody' } }) },
      ok: () => ({ params: { id: buyer.userId } }),
    },
    {
      route: 'adminApproveManualTopup',
      refused: { status: 404, send: () => ({ ...nope, body: {} }) },
      ok: async () => ({ params: { id: await manualTopup('WALKTRX001') }, body: {} }),
    },
    {
      route: 'adminRejectManualTopup',
      refused: { status: 404, send: () => ({ ...nope, body: {} }) },
      ok: async () => ({ params: { id: await manualTopup('WALKTRX002') }, body: { note: 'not received' } }),
    },
    {
      route: 'adminSetOrderStatus',
      refused: { status: 404, send: () => ({ ...nope, body: { status: 'refunded' } }) },
      ok: async () => {
        const v = await seedVariant(t.db, { price: 10_000, codes: 1 });
        const placed = await invoke('placeOrder', {
          as: buyer,
          headers: { 'Idempotency-Key': rid() },
          body: { variant_id: v.variantId, player_uid: '123456789', payment_method: 'wallet' },
        });
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        w.orderId = id(placed.body, 'order.id');
        return { params: { id: w.orderId }, body: { status: 'refunded' } };
      },
    },
    {
      // The key goes to the secret store (Secrets Manager on AWS); the table keeps its facts.
      route: 'adminSaveGateway',
      refused: { status: 400, send: () => ({ body: { api_key: 'x', base_url: 'not a url' } }) },
      ok: () => ({
        body: { api_key: API_KEY, base_url: t.gw.sandbox.url, webhook_url: t.gw.webhookUrl, is_active: true },
      }),
      names: () => [keys.gatewayConfig()],
      hides: () => [API_KEY],
    },
    {
      route: 'adminTestGateway',
      // No body, no parameter: only a caller who is not an admin is refused.
      refused: { status: 403, send: () => ({}), as: customer(34_099) },
      ok: () => ({}),
      writesNothing: 'Test connection only calls the gateway with the saved key; it stores nothing',
      then: (b) => expect(b).toMatchObject({ ok: true }),
    },
    {
      route: 'adminSavePlayerLookup',
      refused: { status: 400, send: () => ({ body: { provider: 'magic' } }) },
      ok: () => ({ body: { provider: 'simulation' } }),
    },
    {
      route: 'adminCreateSmsDevice',
      refused: { status: 400, send: () => ({ body: { provider: 'bkash', receiving_number: '123' } }) },
      ok: () => ({ body: { provider: 'bkash', receiving_number: wallet.number } }),
      hides: (b) => [id(b, 'secret')],
      then: (b) => (w.deviceId = id(b, 'device.id')),
    },
    {
      route: 'adminClearSmsChain',
      refused: { status: 404, send: () => ({ params: { id: 'sd_01JNOBODY000000000000000' } }) },
      ok: async () => {
        // A broken chain to clear (without one the call has nothing to write).
        await t.db.doc.send(
          new PutCommand({
            TableName: t.db.table,
            Item: {
              ...keys.balanceChain('bkash', wallet.number),
              balance_poisha: 99_900,
              broken_since: new Date().toISOString(),
              seq: 3,
            },
          }),
        );
        return { params: { id: w.deviceId! } };
      },
    },
    {
      route: 'adminRevokeSmsDevice',
      refused: { status: 404, send: () => ({ params: { id: 'sd_01JNOBODY000000000000000' } }) },
      ok: () => ({ params: { id: w.deviceId! } }),
    },
    // The operator's queue and the suppliers.
    {
      route: 'adminClaimFulfilment',
      refused: { status: 404, send: () => nope },
      ok: async () => {
        w.queued = [await queuedOrder()];
        w.queued.push(await queuedOrder());
        return { params: { id: w.queued[0]! } };
      },
    },
    {
      route: 'adminCompleteFulfilment',
      refused: { status: 400, send: () => ({ params: { id: w.queued![0]! }, body: { proof: '   ' } }) },
      ok: () => ({ params: { id: w.queued![0]! }, body: { proof: 'GAME-TRX-1' } }),
    },
    {
      route: 'adminFailFulfilment',
      refused: { status: 409, send: () => ({ params: { id: w.queued![1]! }, body: {} }) },
      ok: async () => {
        await claimQueued({ db: t.db, now: () => new Date() }, w.queued![1]!, admin.userId);
        return { params: { id: w.queued![1]! }, body: { reason: 'Player account is banned' } };
      },
    },
    {
      // The secret goes to the secret store; the table keeps the supplier's settings and facts.
      route: 'adminSaveSupplier',
      refused: {
        status: 400,
        send: () => ({
          params: { supplier: 'moogold' },
          body: { base_url: t.moogold.url, partner_id: 'p-1' },
        }),
      },
      ok: () => ({
        params: { supplier: 'moogold' },
        body: {
          base_url: t.moogold.url,
          partner_id: t.moogold.partnerId,
          secret: t.moogold.secret,
          is_active: true,
        },
      }),
      names: () => [keys.supplierConfig('moogold')],
      hides: () => [t.moogold.secret],
    },
    // Reconciliation.
    {
      route: 'adminRunReconciliation',
      refused: { status: 400, send: () => ({ params: { day: '2026-13-45' } }) },
      ok: () => ({ params: { day: PAST_DAY } }),
      then: (b) => {
        expect(b.report.breaks).toHaveLength(1);
        w.breakId = id(b, 'report.breaks.0.id');
      },
    },
    {
      route: 'adminResolveBreak',
      refused: {
        status: 404,
        send: () => ({ params: { day: PAST_DAY, id: 'no_such_break' }, body: { note: 'x' } }),
      },
      ok: () => ({ params: { day: PAST_DAY, id: w.breakId! }, body: { note: 'Balance fixed by hand' } }),
    },
    // Refunds: one to the original method that the gateway leaves unknown, then confirmed.
    {
      route: 'adminCreateRefund',
      refused: {
        status: 400,
        send: () => ({
          params: { id: w.orderId! },
          body: { request_id: rid(), amount: 100, destination: 'send_money', reason: 'x' },
        }),
      },
      ok: async () => {
        w.refundOrderId = await paidGatewayOrder(t.db, t.gw);
        t.gw.sandbox.control.queueRefundFaults({ kind: '5xx', applied: false });
        return {
          params: { id: w.refundOrderId },
          body: { request_id: rid(), amount: 10_000, destination: 'original', reason: 'Buyer asked' },
        };
      },
      then: (b) => {
        expect(b.refund.state).toBe('unknown');
        w.refundId = id(b, 'refund.id');
      },
    },
    {
      route: 'adminConfirmRefund',
      refused: {
        status: 404,
        send: () => ({
          params: { id: w.refundOrderId!, refundId: 'nope' },
          body: { outcome: 'refused', note: 'x' },
        }),
      },
      ok: () => ({
        params: { id: w.refundOrderId!, refundId: w.refundId! },
        body: { outcome: 'refused', note: 'Checked in the UddoktaPay panel' },
      }),
    },
    // Admin rights: the group is Cognito's (a stand-in here), the role record the table's.
    {
      route: 'adminGrantAdminByEmail',
      refused: { status: 404, send: () => ({ body: { email: 'nobody@example.com' } }) },
      ok: () => ({ body: { email: grantee.email } }),
      names: () => [keys.adminRole(grantee.userId), keys.profile(grantee.userId)],
    },
    {
      route: 'adminGrantAdmin',
      refused: { status: 404, send: () => ({ params: { id: 'nobody' } }) },
      ok: () => ({ params: { id: grantee2.userId } }),
      names: () => [keys.adminRole(grantee2.userId), keys.profile(grantee2.userId)],
    },
    {
      route: 'adminRemoveAdmin',
      refused: { status: 422, send: () => ({ params: { id: admin.userId } }) },
      ok: () => ({ params: { id: grantee2.userId } }),
      names: () => [keys.adminRole(grantee2.userId), keys.profile(grantee2.userId)],
    },
    {
      // Cognito's global sign-out is the other half (cognito-local has none: 'unsupported').
      route: 'adminConfirmMfa',
      as: mfaAdmin,
      refused: { status: 403, send: () => ({}), as: admin },
      ok: () => ({}),
      names: () => [keys.adminRole(mfaAdmin.userId)],
    },
    // Resellers.
    {
      route: 'adminPutReseller',
      refused: { status: 404, send: () => ({ params: { userId: 'nobody-here' }, body: {} }) },
      ok: () => ({ params: { userId: reseller.userId }, body: {} }),
    },
    {
      route: 'adminRevokeResellerKey',
      refused: { status: 404, send: () => ({ params: { userId: reseller.userId, keyId: 'nope' } }) },
      ok: async () => {
        const key = await invoke('resellerCreateKey', { as: reseller, body: { label: 'walk' } });
        expect(key.status, JSON.stringify(key.body)).toBe(201);
        w.keyId = id(key.body, 'key.id');
        return { params: { userId: reseller.userId, keyId: w.keyId } };
      },
    },
    {
      route: 'adminResendResellerCallback',
      refused: { status: 404, send: () => nope },
      ok: async () => {
        w.callbackId = await pendingCallback(t.db, callbackReseller);
        return { params: { id: w.callbackId } };
      },
    },
  ];
}

/** A bKash order paid at the sandbox and settled by the return page; its id. */
async function paidGatewayOrder(db: Db, gw: Awaited<ReturnType<typeof startGateway>>) {
  const v = await seedVariant(db, { price: 10_000, codes: 1 });
  const placed = await invoke('placeOrder', {
    as: refundBuyer,
    headers: { 'Idempotency-Key': rid() },
    body: { variant_id: v.variantId, player_uid: '123456789', payment_method: 'bkash' },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const invoice = invoiceOf(placed.body.payment_url);
  await gw.sandbox.control.act(invoice, 'pay', { webhook: 'never' });
  const confirmed = await invoke('confirmPayment', { as: refundBuyer, body: { invoice_id: invoice } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return id(placed.body, 'order.id');
}

/**
 * Every admin read, once each, after the walk (the ids are the walk's). `writes`: a GET whose
 * answer costs writes, named with what it writes; its writes are audited like any admin call's.
 */
export function readCases(
  w: Partial<WalkState>,
): Array<{ route: RouteName; send: () => Send; writes?: string }> {
  const none = () => ({});
  return [
    { route: 'adminListPromos', send: none },
    { route: 'adminGetPromo', send: () => ({ params: { code: PROMO } }) },
    { route: 'adminListProducts', send: none },
    { route: 'adminListVariants', send: none },
    { route: 'adminGetJob', send: () => ({ params: { id: w.jobId! } }) },
    { route: 'adminListVouchers', send: none },
    { route: 'adminListCategories', send: none },
    { route: 'adminListSlides', send: none },
    { route: 'adminListAnnouncements', send: none },
    { route: 'adminListSeo', send: none },
    { route: 'adminGetSiteSettings', send: none },
    { route: 'adminGetNotifySettings', send: none },
    { route: 'adminGetReceivingAccounts', send: none },
    { route: 'adminListOrders', send: none },
    { route: 'adminListPayments', send: none },
    { route: 'adminListManualTopups', send: none },
    { route: 'adminGetGateway', send: none },
    { route: 'adminGetPlayerLookup', send: none },
    { route: 'adminListSmsDevices', send: none },
    { route: 'adminListSmsInbox', send: none },
    { route: 'adminListFulfilment', send: none },
    { route: 'adminListSuppliers', send: none },
    {
      route: 'adminSupplierHealth',
      send: none,
      writes: "asks each active supplier its balance, and counts the call on the supplier's records",
    },
    { route: 'adminGetReconciliation', send: () => ({ params: { day: PAST_DAY } }) },
    { route: 'adminListRefunds', send: () => ({ params: { id: w.refundOrderId! } }) },
    { route: 'adminListAudit', send: none },
    { route: 'adminListUsers', send: none },
    { route: 'adminCheckAdmin', send: () => ({ query: { email: grantee.email } }) },
    { route: 'adminStats', send: none },
    { route: 'adminListResellers', send: none },
    { route: 'adminGetReseller', send: () => ({ params: { userId: reseller.userId } }) },
    { route: 'adminListResellerCallbacks', send: () => ({ params: { userId: callbackReseller.userId } }) },
    { route: 'adminGetPage', send: () => ({ params: { slug: PAGE } }) },
  ];
}
