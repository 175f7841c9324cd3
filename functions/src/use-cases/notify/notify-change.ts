import type { Mail, Mailer } from '../../clients/mailer';
import type { Db } from '../../db/client';
import {
  readBrandName,
  readCodeItem,
  readNoticeItem,
  readOrderItem,
  readProductItem,
  readProfileItem,
  readVariantStock,
} from '../../db/notify/notice-reads';
import {
  claimNotice,
  forgetNotice,
  markNoticeSent,
  markNoticeSkipped,
  releaseNotice,
} from '../../db/notify/notices';
import { readNotifySettings, wantsOptionalMail } from '../../db/notify/notify-settings';
import {
  lowStockNoticeId,
  noticesFor,
  stockMoveOf,
  type Change,
  type Notice,
  type StockMove,
} from '../../domain/notify/notices';
import * as buyer from './buyer-messages';
import { renderMail, type MailContent } from './mail-layout';
import * as shop from './shop-messages';

export interface NotifyDeps {
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
export type Sent = { id: string; result: 'sent' | 'skipped' | 'duplicate' };

/**
 * Send what one committed change calls for, each message at most once (its NOTICE item). A failed
 * send throws after giving the notice back: the stream retries the record, and messages already
 * sent for it are found done and not sent again.
 */
export async function notifyChange(deps: NotifyDeps, change: Change, pk: string): Promise<Sent[]> {
  const sent: Sent[] = [];
  for (const notice of noticesFor(change))
    sent.push(await deliver(deps, notice.id, () => compose(deps, notice, change.after!)));
  const move = stockMoveOf(change, pk);
  if (move) {
    const low = await checkLowStock(deps, move);
    if (low) sent.push(low);
  }
  return sent;
}

async function deliver(deps: NotifyDeps, id: string, make: () => Promise<Outcome>): Promise<Sent> {
  const now = deps.now();
  if ((await claimNotice(deps.db, id, now)) === 'done') return { id, result: 'duplicate' };
  let outcome: Outcome;
  let messageId: string;
  try {
    outcome = await make();
    if ('skip' in outcome) {
      await markNoticeSkipped(deps.db, id, outcome.skip, now);
      return { id, result: 'skipped' };
    }
    messageId = (await deps.mailer.send(outcome)).messageId;
  } catch (error) {
    await releaseNotice(deps.db, id);
    throw error;
  }
  // Sent: from here on a failure must not give the notice back (that would send it twice).
  await markNoticeSent(deps.db, id, { to: outcome.to, subject: outcome.subject, messageId }, deps.now());
  return { id, result: 'sent' };
}

async function compose(deps: NotifyDeps, notice: Notice, item: Item): Promise<Outcome> {
  const { db, shopUrl } = deps;
  const brand = await readBrandName(db);
  if (notice.audience === 'shop') {
    const { alert_emails: to } = await readNotifySettings(db);
    if (!to.length) return { skip: 'no alert address' };
    const content: MailContent =
      notice.kind === 'alert_trxid'
        ? shop.trxIdRequest(shopUrl, item)
        : notice.kind === 'alert_review'
          ? shop.paymentInReview(shopUrl, item)
          : notice.kind === 'alert_unexpected'
            ? shop.unexpectedPayment(shopUrl, item)
            : shop.dailySummary(shopUrl, item as unknown as shop.DaySummary);
    return renderMail(brand, to, content);
  }
  const profile = await readProfileItem(db, notice.userId);
  const email = typeof profile?.email === 'string' ? profile.email : '';
  if (!email) return { skip: 'no email address' };
  if (notice.optional && !wantsOptionalMail(profile)) return { skip: 'the buyer gets receipts only' };
  const content = await buyerContent(deps, notice, item);
  return 'skip' in content ? content : renderMail(brand, [email], content);
}

const packageOf = (order: Item | undefined) =>
  order ? `${String(order.product_name)} - ${String(order.variant_name)}` : undefined;

async function buyerContent(
  { db, shopUrl }: NotifyDeps,
  notice: Extract<Notice, { audience: 'buyer' }>,
  item: Item,
): Promise<MailContent | { skip: string }> {
  switch (notice.kind) {
    case 'receipt': {
      const [code, product] = await Promise.all([
        readCodeItem(db, String(item.product_variant_id), String(item.code_id)),
        readProductItem(db, String(item.product_id)),
      ]);
      if (typeof code?.code !== 'string')
        throw new Error(`order ${notice.orderId}: its code ${String(item.code_id)} is not readable`);
      const steps = product?.redeem_steps;
      return buyer.receipt(shopUrl, {
        orderId: notice.orderId,
        productName: String(item.product_name),
        variantName: String(item.variant_name),
        playerUid: String(item.player_uid ?? ''),
        total: Number(item.total_amount),
        paymentMethod: String(item.payment_method),
        code: code.code,
        ...(Array.isArray(steps) && { redeemSteps: steps.map(String) }),
        ...(typeof product?.redeem_url === 'string' &&
          product.redeem_url && { redeemUrl: product.redeem_url }),
      });
    }
    case 'payment_failed': {
      const order = notice.orderId ? await readOrderItem(db, notice.orderId) : undefined;
      return buyer.paymentFailed(shopUrl, { ...notice, what: packageOf(order) });
    }
    case 'refund': {
      const order = await readOrderItem(db, notice.orderId);
      return buyer.refund(shopUrl, { ...notice, what: packageOf(order) });
    }
    case 'wallet_credit':
      return buyer.walletCredit(shopUrl, notice);
    case 'trxid_rejected':
      return buyer.trxIdRejected(shopUrl, notice);
  }
}

/**
 * One alert when a variant's stock goes below the shop's low-stock level; an import that brings
 * it back to the level re-arms it (forgets the notice), so the next crossing alerts again.
 */
async function checkLowStock(deps: NotifyDeps, move: StockMove): Promise<Sent | undefined> {
  const settings = await readNotifySettings(deps.db);
  const level = settings.low_stock_level;
  if (level <= 0) return undefined;
  const id = lowStockNoticeId(move.variantId);
  if (move.direction === 'up') {
    if (!(await readNoticeItem(deps.db, id))) return undefined;
    const variant = await readVariantStock(deps.db, move.variantId);
    if (variant && variant.stock >= level) await forgetNotice(deps.db, id);
    return undefined;
  }
  if (await readNoticeItem(deps.db, id)) return undefined; // already alerted, not re-armed since
  const variant = await readVariantStock(deps.db, move.variantId);
  if (!variant || variant.stock >= level) return undefined;
  return deliver(deps, id, async () =>
    settings.alert_emails.length
      ? renderMail(
          await readBrandName(deps.db),
          settings.alert_emails,
          shop.lowStock(deps.shopUrl, { ...variant, level }),
        )
      : { skip: 'no alert address' },
  );
}
