import { formatTaka, METHOD_LABELS } from '@khelaghor/contract';
import type { MailContent } from './mail-layout';

/**
 * The buyer's messages in English (the spec's words where it has them); buyer-messages-bn.ts has
 * the same in Bangla and buyer-mails.ts picks one by the buyer's language. Each takes plain data
 * that the notifier read from the table, never from a request.
 */

export interface ReceiptData {
  orderId: string;
  productName: string;
  variantName: string;
  /** The Bangla names and redeem steps the admin wrote (the Bangla mail falls back to the English). */
  productNameBn?: string | null;
  variantNameBn?: string | null;
  redeemStepsBn?: string[];
  playerUid: string;
  playerZone?: string;
  /** The product's own redeem steps and official link (admin product form); none: the general steps. */
  redeemSteps: string[];
  redeemUrl: string | null;
  total: number;
  paymentMethod: string;
  code: string;
}

const label = (method: string) => METHOD_LABELS[method as keyof typeof METHOD_LABELS] ?? method;

/** For a product whose admin has not written its own steps. */
const REDEEM_STEPS = [
  'Copy the code above.',
  "Open the game's or the card's official redeem page (or the store in the app).",
  'Paste the code, and your Player ID where it is asked for, then confirm.',
];

const redeemSteps = (d: ReceiptData) => [
  ...(d.redeemSteps.length > 0 ? d.redeemSteps : REDEEM_STEPS),
  ...(d.redeemUrl ? [`Official redeem page: ${d.redeemUrl}`] : []),
];

export function receipt(shopUrl: string, d: ReceiptData): MailContent {
  return {
    subject: `Your code for ${d.productName} - ${d.variantName}`,
    title: 'Thank you! Here is your code',
    lines: [`Your order of ${d.productName} - ${d.variantName} is complete.`],
    code: d.code,
    rows: [
      ['Order', d.orderId],
      ['Package', `${d.productName} - ${d.variantName}`],
      ...(d.playerUid ? ([['Player UID', d.playerUid]] as Array<[string, string]>) : []),
      ...(d.playerZone ? ([['Zone', d.playerZone]] as Array<[string, string]>) : []),
      ['Paid', formatTaka(d.total)],
      ['Payment method', label(d.paymentMethod)],
    ],
    steps: { title: 'How to redeem', items: redeemSteps(d) },
    action: {
      label: 'View your order',
      url: `${shopUrl}/payment-success?order_id=${encodeURIComponent(d.orderId)}`,
    },
    footer: 'Keep this code private: anyone who has it can redeem it. Your codes are also in My Codes.',
  };
}

/** A direct top-up's receipt: no code, the supplier's (or the operator's) transaction id instead. */
export type TopupReceiptData = Omit<ReceiptData, 'code' | 'redeemSteps' | 'redeemUrl' | 'redeemStepsBn'> & {
  transactionId: string;
};

export function topupReceipt(shopUrl: string, d: TopupReceiptData): MailContent {
  return {
    subject: `Your top-up of ${d.productName} - ${d.variantName} is complete`,
    title: 'Thank you! Your top-up is in your game account',
    lines: [`${d.productName} - ${d.variantName} was delivered to the game account below.`],
    rows: [
      ['Order', d.orderId],
      ['Package', `${d.productName} - ${d.variantName}`],
      ['Player UID', d.playerUid],
      ...(d.playerZone ? ([['Zone', d.playerZone]] as Array<[string, string]>) : []),
      ['Top-up transaction ID', d.transactionId],
      ['Paid', formatTaka(d.total)],
      ['Payment method', label(d.paymentMethod)],
    ],
    action: {
      label: 'View your order',
      url: `${shopUrl}/payment-success?order_id=${encodeURIComponent(d.orderId)}`,
    },
    footer: 'Not in your game account? Reply with the top-up transaction ID above and we will check.',
  };
}

const FAILURE_TEXT: Record<string, string> = {
  expired: 'The payment time ran out before the payment arrived.',
  gateway_error: 'The payment could not be started at the payment gateway.',
  failed: 'The payment gateway reported that the payment did not go through.',
  underpaid: 'The amount paid was less than the price.',
};

export function paymentFailed(
  shopUrl: string,
  d: { paymentKind: string; orderId?: string; reason: string; amount: number; what?: string },
): MailContent {
  const forOrder = d.paymentKind === 'order';
  return {
    subject: forOrder ? 'Your payment did not complete' : 'Your wallet top-up did not complete',
    title: forOrder ? 'Your payment did not complete' : 'Your top-up did not complete',
    lines: [
      FAILURE_TEXT[d.reason] ?? FAILURE_TEXT.failed!,
      forOrder
        ? 'No code was delivered and no money was taken from your wallet. You can place the order again.'
        : 'Nothing was added to your wallet. You can try again from Add Money.',
      'If money did leave your bKash, Nagad or Rocket account, it is added to your wallet automatically once the gateway confirms it. If it is not there within an hour, contact us with the TrxID.',
    ],
    rows: [
      ...(d.what ? ([['Order', d.what]] as Array<[string, string]>) : []),
      ['Amount', formatTaka(d.amount)],
      ...(d.orderId ? ([['Order ID', d.orderId]] as Array<[string, string]>) : []),
    ],
    action: forOrder
      ? { label: 'Back to the shop', url: `${shopUrl}/` }
      : { label: 'Add Money', url: `${shopUrl}/add-money` },
  };
}

/** Where a refund that is not to the wallet went, in words. */
export const REFUND_TO_EN: Record<string, string> = {
  bkash: 'to your bKash',
  nagad: 'to your Nagad',
  rocket: 'to your Rocket',
  send_money: 'by Send Money',
};

export function refund(shopUrl: string, d: RefundData): MailContent {
  if (d.to) {
    const where = REFUND_TO_EN[d.to] ?? REFUND_TO_EN.send_money!;
    return {
      subject: `Refund of ${formatTaka(d.amount)} ${where}`,
      title: 'Your order was refunded',
      lines: [`We sent ${formatTaka(d.amount)} back ${where}. It may take a few days to show.`],
      rows: [
        ...(d.what ? ([['Order', d.what]] as Array<[string, string]>) : []),
        ['Order ID', d.orderId],
        ['Refunded', formatTaka(d.amount)],
      ],
      action: { label: 'See your orders', url: `${shopUrl}/orders` },
    };
  }
  return {
    subject: `Refund of ${formatTaka(d.amount)} to your wallet`,
    title: 'Your order was refunded',
    lines: [
      `We refunded ${formatTaka(d.amount)} to your Khelaghor wallet. You can use it for your next order.`,
    ],
    rows: [
      ...(d.what ? ([['Order', d.what]] as Array<[string, string]>) : []),
      ['Order ID', d.orderId],
      ...(d.why ? ([['Reason', d.why]] as Array<[string, string]>) : []),
      ['Refunded', formatTaka(d.amount)],
      ['New balance', formatTaka(d.balanceAfter)],
    ],
    action: { label: 'See your wallet', url: `${shopUrl}/profile` },
  };
}

const CREDIT_TITLES: Record<string, { subject: string; title: string; line: string }> = {
  topup: {
    subject: 'Money added to your wallet',
    title: 'Top-up successful',
    line: 'Your wallet top-up has been credited.',
  },
  manual_topup: {
    subject: 'Your TrxID request was approved',
    title: 'TrxID request approved',
    line: 'We checked your TrxID and added the money to your wallet.',
  },
  unexpected_payment: {
    subject: 'A payment was added to your wallet',
    title: 'Payment credited to your wallet',
    line: 'We received a payment that did not match an open order, so we added it to your wallet.',
  },
  late_payment: {
    subject: 'A payment was added to your wallet',
    title: 'Payment credited to your wallet',
    line: 'Your payment arrived after the order had closed, so we added it to your wallet.',
  },
  adjustment: {
    subject: 'Your wallet was credited',
    title: 'Wallet credited',
    line: 'The shop added money to your wallet.',
  },
};

export function walletCredit(
  shopUrl: string,
  d: { reason: string; amount: number; balanceAfter: number; note?: string },
): MailContent {
  const t = CREDIT_TITLES[d.reason] ?? CREDIT_TITLES.adjustment!;
  return {
    subject: `${t.subject}: ${formatTaka(d.amount)}`,
    title: t.title,
    lines: [t.line, ...(d.note ? [d.note] : [])],
    rows: [
      ['Amount', formatTaka(d.amount)],
      ['New balance', formatTaka(d.balanceAfter)],
    ],
    action: { label: 'Shop now', url: `${shopUrl}/` },
  };
}

export function trxIdRejected(
  shopUrl: string,
  d: { amount: number; trxId: string; note?: string },
): MailContent {
  return {
    subject: 'Your TrxID request was not approved',
    title: 'TrxID request rejected',
    lines: [
      'We could not confirm the money for this TrxID, so nothing was added to your wallet.',
      ...(d.note ? [`Reason: ${d.note}`] : []),
      'If you did send the money, reply with a screenshot of the transaction, or submit the request again with the correct TrxID and amount.',
    ],
    rows: [
      ['TrxID', d.trxId],
      ['Amount', formatTaka(d.amount)],
    ],
    action: { label: 'Add Money', url: `${shopUrl}/add-money` },
  };
}

/** Why the SMS check sent a request to the shop, in the buyer's words (contract/src/sms-facts.ts). */
const REVIEW_REASONS: Record<string, string> = {
  amount: 'the amount you entered differs from the amount received',
  receiving_number: 'the money came to another number than the one you chose',
  provider: 'the money came by another service',
  time_window: 'the payment is older than this request allows',
  trxid_used: 'this TrxID was already used',
  balance_chain: 'the shop checks its account first',
  claimed_twice: 'another request names the same TrxID',
  duplicate_sms: "the shop got this payment's SMS twice",
};

export function trxIdReview(shopUrl: string, d: ReviewData): MailContent {
  return {
    subject: 'Your TrxID request was sent to the shop for review',
    title: 'TrxID request in review',
    lines: [
      `The payment SMS did not match your request: ${REVIEW_REASONS[d.control] ?? d.control}.`,
      'The shop checks it by hand and adds the money to your wallet if it is yours. Nothing more to do.',
    ],
    rows: [
      ['TrxID', d.trxId],
      ['Amount', formatTaka(d.amount)],
    ],
    action: { label: 'Add Money', url: `${shopUrl}/add-money` },
  };
}

export function trxIdExpired(shopUrl: string, d: ExpiredData): MailContent {
  return {
    subject: 'Your TrxID request expired',
    title: 'TrxID request expired',
    lines: [
      'No payment SMS came for this TrxID in time, so nothing was added to your wallet.',
      'If you sent the money, submit the TrxID again.',
    ],
    rows: [
      ['TrxID', d.trxId],
      ['Amount', formatTaka(d.amount)],
    ],
    action: { label: 'Add Money', url: `${shopUrl}/add-money` },
  };
}

export type FailedData = {
  paymentKind: string;
  orderId?: string;
  reason: string;
  amount: number;
  what?: string;
};
export type RefundData = {
  orderId: string;
  amount: number;
  balanceAfter: number;
  what?: string;
  /** Why a supplier's or an operator's order was not fulfilled (the supplier's words, or the operator's). */
  why?: string;
  /** Not to the wallet: the original payment's method (bkash, nagad, rocket) or send_money. */
  to?: string;
};
export type CreditData = { reason: string; amount: number; balanceAfter: number; note?: string };
export type RejectedData = { amount: number; trxId: string; note?: string };
export type ReviewData = { amount: number; trxId: string; control: string };
export type ExpiredData = { amount: number; trxId: string };

/** Every buyer mail; buyer-mails.ts holds one set per language, so none can miss a language. */
export interface BuyerMails {
  receipt(shopUrl: string, d: ReceiptData): MailContent;
  topupReceipt(shopUrl: string, d: TopupReceiptData): MailContent;
  paymentFailed(shopUrl: string, d: FailedData): MailContent;
  refund(shopUrl: string, d: RefundData): MailContent;
  walletCredit(shopUrl: string, d: CreditData): MailContent;
  trxIdRejected(shopUrl: string, d: RejectedData): MailContent;
  trxIdReview(shopUrl: string, d: ReviewData): MailContent;
  trxIdExpired(shopUrl: string, d: ExpiredData): MailContent;
}
