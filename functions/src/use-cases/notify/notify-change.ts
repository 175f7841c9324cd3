import { brandNameIn } from '@khelaghor/contract/site-defaults';
import { permanentRejection } from '../../clients/mail-rejection';
import type { Mail, Mailer } from '../../clients/mailer';
import { getProduct, getVariant } from '../../db/catalog/catalog-items';
import type { Db } from '../../db/client';
import { getCode } from '../../db/stock/code-item';
import { getOrder, type OrderItem } from '../../db/orders/order-items';
import {
  claimNotice,
  forgetNotice,
  getNotice,
  markNoticeFailed,
  markNoticeSent,
  markNoticeSkipped,
  releaseNotice,
} from '../../db/notify/notices';
import { readNotifySettings } from '../../db/notify/notify-settings';
import { getProfile } from '../../db/users/profiles';
import { getSiteSettingsItem } from '../../db/site/site-items';
import { toSettings } from '../site/site-view';
import {
  lowStockNoticeId,
  noticesFor,
  stockMoveOf,
  type Change,
  type Notice,
  type StockMove,
} from '../../domain/notify/notices';
import { BUYER_MAILS, mailLang, type MailLang } from './buyer-mails';
import { renderMail, type MailContent } from './mail-layout';
import * as shop from './shop-messages';
import { deliverSms, type SmsDeps } from './sms-delivery';

export interface NotifyDeps extends SmsDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  /** The shop's public origin: links in messages. */
  shopUrl: string;
}

type Item = Record<string, unknown>;
/** A message to send, or why none is sent. */
type Outcome = Mail | { skip: string };

/** What became of each notice of a change (the tests and the log read it). */
export type Sent = { id: string; result: 'sent' | 'skipped' | 'duplicate' | 'failed'; why?: string };

/**
 * Send what one committed change calls for, each message at most once (its NOTICE item). A failed
 * send throws after giving the notice back: the stream retries the record, and messages already
 * sent for it are found done and not sent again. A message the mail service refused for good
 * (clients/mail-rejection.ts) is marked failed instead and the rest go on: retrying cannot help.
 */
export async function notifyChange(deps: NotifyDeps, change: Change, pk: string): Promise<Sent[]> {
  const sent: Sent[] = [];
  for (const notice of noticesFor(change)) {
    sent.push(await deliver(deps, notice, change.after!));
    // The buyer's SMS beside the mail (sms-delivery.ts): its own notice, once per fact too.
    const sms = await deliverSms(deps, notice, change.after!);
    if (sms) sent.push(sms);
  }
  const move = stockMoveOf(change, pk);
  if (move) {
    const low = await checkLowStock(deps, move);
    if (low) sent.push(low);
  }
  return sent;
}

async function deliver(deps: NotifyDeps, notice: Notice, item: Item): Promise<Sent> {
  const { id } = notice;
  const now = deps.now();
  if (!(await claimNotice(deps.db, id, now))) return { id, result: 'duplicate' };
  let outcome: Outcome;
  let messageId: string;
  try {
    outcome = await compose(deps, notice, item);
    if ('skip' in outcome) {
      await markNoticeSkipped(deps.db, id, outcome.skip, now);
      return { id, result: 'skipped' };
    }
    messageId = (await deps.mailer.send(outcome)).messageId;
  } catch (error) {
    const refused = permanentRejection(error);
    if (refused) {
      await markNoticeFailed(deps.db, id, refused, deps.now());
      return { id, result: 'failed', why: refused };
    }
    await releaseNotice(deps.db, id);
    throw error;
  }
  // Sent: from here on a failure must not give the notice back (that would send it twice).
  await markNoticeSent(deps.db, id, { to: outcome.to, subject: outcome.subject, messageId }, deps.now());
  return { id, result: 'sent' };
}

async function compose(deps: NotifyDeps, notice: Notice, item: Item): Promise<Outcome> {
  const { db, shopUrl } = deps;
  const settings = toSettings(await getSiteSettingsItem(db));
  if (notice.audience === 'shop') {
    const { alert_emails: to } = await readNotifySettings(db);
    if (!to.length) return { skip: 'no alert address' };
    return renderMail(settings.brand_name, to, shopContent(shopUrl, notice, item));
  }
  const profile = await getProfile(db, notice.userId);
  if (!profile?.email) return { skip: 'no email address' };
  if (notice.optional && !profile.notify_optional) return { skip: 'the buyer gets receipts only' };
  // In the buyer's language (their profile's; English until they choose one).
  const lang = mailLang(profile.language);
  const brand = brandNameIn(settings, lang);
  return renderMail(brand, [profile.email], await buyerContent(deps, lang, notice, item), lang);
}

function shopContent(
  shopUrl: string,
  notice: Extract<Notice, { audience: 'shop' }>,
  item: Item,
): MailContent {
  switch (notice.kind) {
    case 'alert_trxid':
      return shop.trxIdRequest(shopUrl, item);
    case 'alert_review':
      return shop.paymentInReview(shopUrl, item);
    case 'alert_unexpected':
      return shop.unexpectedPayment(shopUrl, item);
    case 'daily_summary':
      return shop.dailySummary(shopUrl, item as unknown as shop.DaySummary);
    case 'low_stock':
      return shop.lowStock(shopUrl, notice);
    case 'supplier_alert':
      return shop.supplierAlert(shopUrl, item);
    case 'reconciliation':
      return shop.reconciliationBreaks(shopUrl, item);
  }
}

const packageOf = (order: OrderItem | undefined, lang: MailLang) =>
  !order
    ? undefined
    : lang === 'bn'
      ? `${order.product_name_bn || order.product_name} - ${order.variant_name_bn || order.variant_name}`
      : `${order.product_name} - ${order.variant_name}`;

async function buyerContent(
  { db, shopUrl }: NotifyDeps,
  lang: MailLang,
  notice: Extract<Notice, { audience: 'buyer' }>,
  item: Item,
): Promise<MailContent> {
  const buyer = BUYER_MAILS[lang];
  switch (notice.kind) {
    case 'receipt': {
      // A direct top-up (a supplier's or an operator's) has no code: its proof is the transaction id.
      if (!item.code_id && item.supplier_transaction_id) {
        const product = await getProduct(db, String(item.product_id));
        return buyer.topupReceipt(shopUrl, {
          orderId: notice.orderId,
          productName: String(item.product_name),
          variantName: String(item.variant_name),
          productNameBn: item.product_name_bn ? String(item.product_name_bn) : (product?.name_bn ?? null),
          variantNameBn: item.variant_name_bn ? String(item.variant_name_bn) : null,
          playerUid: String(item.player_uid ?? ''),
          playerZone: item.player_zone ? String(item.player_zone) : undefined,
          total: Number(item.total_amount),
          paymentMethod: String(item.payment_method),
          transactionId: String(item.supplier_transaction_id),
        });
      }
      const [code, product] = await Promise.all([
        getCode(db, String(item.product_variant_id), String(item.code_id)),
        getProduct(db, String(item.product_id)),
      ]);
      if (!code) throw new Error(`order ${notice.orderId}: its code ${String(item.code_id)} is not readable`);
      return buyer.receipt(shopUrl, {
        orderId: notice.orderId,
        productName: String(item.product_name),
        variantName: String(item.variant_name),
        productNameBn: item.product_name_bn ? String(item.product_name_bn) : (product?.name_bn ?? null),
        variantNameBn: item.variant_name_bn ? String(item.variant_name_bn) : null,
        redeemStepsBn: product?.redeem_steps_bn ?? [],
        playerUid: String(item.player_uid ?? ''),
        playerZone: item.player_zone ? String(item.player_zone) : undefined,
        redeemSteps: product?.redeem_steps ?? [],
        redeemUrl: product?.redeem_url ?? null,
        total: Number(item.total_amount),
        paymentMethod: String(item.payment_method),
        code: code.code,
      });
    }
    case 'payment_failed': {
      const order = notice.orderId ? await getOrder(db, notice.orderId) : undefined;
      return buyer.paymentFailed(shopUrl, { ...notice, what: packageOf(order, lang) });
    }
    case 'refund': {
      const order = await getOrder(db, notice.orderId);
      // A supplier's or an operator's order says why it could not be fulfilled (issue 31).
      const why = order?.fulfilment ? order.failure_reason : undefined;
      return buyer.refund(shopUrl, { ...notice, what: packageOf(order, lang), ...(why && { why }) });
    }
    case 'wallet_credit':
      return buyer.walletCredit(shopUrl, notice);
    case 'trxid_rejected':
      return buyer.trxIdRejected(shopUrl, notice);
    case 'trxid_review':
      return buyer.trxIdReview(shopUrl, notice);
    case 'trxid_expired':
      return buyer.trxIdExpired(shopUrl, notice);
  }
}

/**
 * One alert when a variant's stock goes below the shop's low-stock level; an import that brings
 * it back to the level re-arms it (forgets the notice), so the next crossing alerts again.
 */
async function checkLowStock(deps: NotifyDeps, move: StockMove): Promise<Sent | undefined> {
  const level = (await readNotifySettings(deps.db)).low_stock_level;
  const id = lowStockNoticeId(move.variantId);
  const alerted = Boolean(await getNotice(deps.db, id));
  // Going down after the alert, or up with no alert to re-arm: nothing to decide.
  if (level <= 0 || alerted !== (move.direction === 'up')) return undefined;
  const variant = await getVariant(deps.db, move.variantId, true);
  if (!variant) return undefined;
  if (move.direction === 'up') {
    if (variant.stock >= level) await forgetNotice(deps.db, id);
    return undefined;
  }
  if (variant.stock >= level) return undefined;
  const product = await getProduct(deps.db, variant.product_id);
  const name = `${product?.name ?? ''} - ${variant.name}`;
  return deliver(deps, { id, audience: 'shop', kind: 'low_stock', name, stock: variant.stock, level }, {});
}
