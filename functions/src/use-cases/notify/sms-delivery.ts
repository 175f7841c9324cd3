import { maskCode } from '@khelaghor/contract/code-mask';
import { brandNameIn } from '@khelaghor/contract/site-defaults';
import type { SmsProvider } from '../../clients/sms/sms-provider';
import { smsReference } from '../../clients/sms/sms-reference';
import type { Db } from '../../db/client';
import {
  claimNotice,
  markNoticeFailed,
  markNoticeSent,
  markNoticeUnknown,
  releaseNotice,
} from '../../db/notify/notices';
import { getOrder, type OrderItem } from '../../db/orders/order-items';
import { getSiteSettingsItem } from '../../db/site/site-items';
import { getCode } from '../../db/stock/code-item';
import { getProfile } from '../../db/users/profiles';
import type { Notice } from '../../domain/notify/notices';
import { toSettings } from '../site/site-view';
import { SMS_TEXTS, type SmsLang } from './sms-messages';

/**
 * The buyer's SMS beside the mail (docs/notifications.md, "SMS"): for the facts a buyer must know
 * (order completed, payment failed or expired, refund, top-up credited), to buyers who verified a
 * phone and turned SMS on. Each SMS is a notice of its own, `sms-<mail notice id>`, so it is sent
 * once per fact exactly as the mail is (the NOTICE item), and our reference to the provider is
 * made from that id: asking again after a timeout is the same message, which the provider refuses
 * as a duplicate (SSL Wireless's csms_id).
 */
export interface SmsDeps {
  db: Db;
  now: () => Date;
  sms?: () => Promise<SmsProvider | undefined>;
}

type BuyerNotice = Extract<Notice, { audience: 'buyer' }>;
type Item = Record<string, unknown>;
export type SmsSent = { id: string; result: 'sent' | 'duplicate' | 'failed'; why?: string };

/** Top-ups only: an admin's credit or an unexpected payment is told by mail. */
const TOPUP_REASONS = new Set(['topup', 'manual_topup']);

const smsNoticeId = (notice: Pick<Notice, 'id'>) => `sms-${notice.id}`;

function wantsSms(notice: Notice): notice is BuyerNotice {
  if (notice.audience !== 'buyer') return false;
  if (notice.kind === 'wallet_credit') return TOPUP_REASONS.has(notice.reason);
  return notice.kind === 'receipt' || notice.kind === 'payment_failed' || notice.kind === 'refund';
}

/**
 * Send the SMS a notice calls for, once. Nothing is written for a buyer without SMS (most buyers):
 * no notice item, no provider call. An unknown outcome (timeout, 5xx) is asked once more at
 * once, with the same reference, only when the provider refuses a repeated reference (then a
 * "duplicate" answer means the first one went); still unknown, or a provider that cannot tell,
 * the notice stays `unknown` and is never sent again. An SMS problem never holds up the stream:
 * the mail of the same fact, and every change behind it, go on.
 */
export async function deliverSms(deps: SmsDeps, notice: Notice, item: Item): Promise<SmsSent | undefined> {
  if (!deps.sms || !wantsSms(notice)) return undefined;
  const profile = await getProfile(deps.db, notice.userId);
  if (!profile?.sms_on || !profile.sms_phone) return undefined;
  const id = smsNoticeId(notice);
  let provider: SmsProvider | undefined;
  try {
    provider = await deps.sms();
  } catch (error) {
    // The credentials could not be read (Secrets Manager, a malformed secret): logged, not retried.
    return { id, result: 'failed', why: `no SMS provider: ${(error as Error).message}` };
  }
  if (!provider) return undefined;
  if (!(await claimNotice(deps.db, id, deps.now()))) return { id, result: 'duplicate' };
  let text: string;
  try {
    text = await compose(deps.db, profile.language === 'bn' ? 'bn' : 'en', notice, item);
  } catch (error) {
    await releaseNotice(deps.db, id);
    throw error;
  }
  const message = { to: profile.sms_phone, text, reference: smsReference(id) };
  let outcome = await provider.send(message);
  if (outcome.kind === 'unknown' && provider.dedupesReference) outcome = await provider.send(message);
  switch (outcome.kind) {
    case 'sent':
      await markNoticeSent(
        deps.db,
        id,
        { to: [profile.sms_phone], subject: text, messageId: outcome.providerId },
        deps.now(),
      );
      return { id, result: 'sent' };
    case 'refused':
      // Sending it again gets the same answer: kept as failed, and the messages behind it go on.
      await markNoticeFailed(deps.db, id, `SMS refused: ${outcome.reason}`, deps.now());
      return { id, result: 'failed', why: outcome.reason };
    case 'unknown':
      await markNoticeUnknown(deps.db, id, outcome.why, deps.now());
      return { id, result: 'failed', why: `unknown: ${outcome.why}` };
  }
}

const packageOf = (order: OrderItem | Item | undefined, lang: SmsLang): string | undefined => {
  if (!order) return undefined;
  const o = order as Item;
  const product = String((lang === 'bn' && o.product_name_bn) || o.product_name || '');
  const variant = String((lang === 'bn' && o.variant_name_bn) || o.variant_name || '');
  return product && variant ? `${product} - ${variant}` : undefined;
};

async function compose(db: Db, lang: SmsLang, notice: BuyerNotice, item: Item): Promise<string> {
  const texts = SMS_TEXTS[lang];
  const brand = brandNameIn(toSettings(await getSiteSettingsItem(db)), lang);
  switch (notice.kind) {
    case 'receipt': {
      // The code (or a supplier top-up's transaction id) masked as the SPA masks it: an SMS is
      // read on a lock screen; the whole code is in My Codes.
      const topupId = typeof item.supplier_transaction_id === 'string' ? item.supplier_transaction_id : '';
      const codeId = typeof item.code_id === 'string' ? item.code_id : '';
      const code = codeId ? await getCode(db, String(item.product_variant_id), codeId) : undefined;
      if (codeId && !code) throw new Error(`order ${notice.orderId}: its code ${codeId} is not readable`);
      return texts.receipt({
        brand,
        what: packageOf(item, lang),
        ...(code
          ? { code: { kind: 'code', masked: maskCode(code.code) } }
          : topupId
            ? { code: { kind: 'topup', masked: maskCode(topupId) } }
            : {}),
      });
    }
    case 'payment_failed': {
      const order = notice.orderId ? await getOrder(db, notice.orderId) : undefined;
      return texts.paymentFailed({ brand, ...notice, what: packageOf(order, lang) });
    }
    case 'refund': {
      const order = await getOrder(db, notice.orderId);
      return texts.refund({ brand, ...notice, what: packageOf(order, lang) });
    }
    case 'wallet_credit':
      return texts.topupCredited({ brand, amount: notice.amount, balanceAfter: notice.balanceAfter });
    default:
      throw new Error(`no SMS for a ${notice.kind} notice`);
  }
}
