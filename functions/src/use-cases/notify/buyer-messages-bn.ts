import { formatTaka, METHOD_LABELS } from '@khelaghor/contract';
import type { BuyerMails, ReceiptData, TopupReceiptData } from './buyer-messages';
import type { MailContent } from './mail-layout';

/**
 * The buyer's mails in Bangla, as a Bangladeshi shop writes them: the same facts as the English
 * ones (buyer-messages.ts), money as ৳১,২৩৪.০০, the admin's Bangla names and redeem steps where
 * the product has them (else the English ones).
 */

const tk = (poisha: number) => formatTaka(poisha, 'bn');

const METHODS_BN: Partial<Record<string, string>> = {
  wallet: 'ওয়ালেট',
  bank_transfer: 'ব্যাংক ট্রান্সফার',
  admin_adjustment: 'অ্যাডমিন সমন্বয়',
  cash: 'নগদ',
};
const label = (method: string) =>
  METHODS_BN[method] ?? METHOD_LABELS[method as keyof typeof METHOD_LABELS] ?? method;

/** Why the SMS check sent a request to the shop (the English in buyer-messages.ts). */
const REVIEW_REASONS_BN: Record<string, string> = {
  amount: 'আপনার লেখা টাকার পরিমাণ আর পাওয়া টাকার পরিমাণ মেলেনি',
  receiving_number: 'আপনার বেছে নেওয়া নম্বরে নয়, অন্য নম্বরে টাকা এসেছে',
  provider: 'টাকা অন্য সেবা দিয়ে এসেছে',
  time_window: 'পেমেন্টটি এই রিকোয়েস্টের সময়সীমার চেয়ে পুরোনো',
  trxid_used: 'এই TrxID আগেই ব্যবহার হয়েছে',
  balance_chain: 'দোকান আগে তাদের অ্যাকাউন্ট মিলিয়ে দেখছে',
  claimed_twice: 'আরেকটি রিকোয়েস্টে একই TrxID আছে',
  duplicate_sms: 'দোকান এই পেমেন্টের এসএমএস দুবার পেয়েছে',
};

const REDEEM_STEPS = [
  'উপরের কোডটি কপি করুন।',
  'গেম বা কার্ডের অফিশিয়াল রিডিম পেজ (বা অ্যাপের স্টোর) খুলুন।',
  'কোডটি পেস্ট করুন, চাইলে আপনার প্লেয়ার আইডি দিন, তারপর কনফার্ম করুন।',
];

const pkg = (d: Pick<ReceiptData, 'productName' | 'productNameBn' | 'variantName' | 'variantNameBn'>) =>
  `${d.productNameBn || d.productName} - ${d.variantNameBn || d.variantName}`;

function redeemSteps(d: ReceiptData): string[] {
  const own = d.redeemStepsBn?.length ? d.redeemStepsBn : d.redeemSteps;
  return [
    ...(own.length > 0 ? own : REDEEM_STEPS),
    ...(d.redeemUrl ? [`অফিশিয়াল রিডিম পেজ: ${d.redeemUrl}`] : []),
  ];
}

const FAILURE_TEXT: Record<string, string> = {
  expired: 'পেমেন্ট আসার আগেই পেমেন্টের সময় শেষ হয়ে গেছে।',
  gateway_error: 'পেমেন্ট গেটওয়েতে পেমেন্ট শুরু করা যায়নি।',
  failed: 'পেমেন্ট গেটওয়ে জানিয়েছে পেমেন্টটি সম্পন্ন হয়নি।',
  underpaid: 'দামের চেয়ে কম টাকা পেমেন্ট হয়েছে।',
};

const CREDIT_TITLES: Record<string, { subject: string; title: string; line: string }> = {
  topup: {
    subject: 'আপনার ওয়ালেটে টাকা যোগ হয়েছে',
    title: 'টপ-আপ সফল',
    line: 'আপনার ওয়ালেট টপ-আপ যোগ হয়েছে।',
  },
  manual_topup: {
    subject: 'আপনার TrxID রিকোয়েস্ট অনুমোদিত হয়েছে',
    title: 'TrxID রিকোয়েস্ট অনুমোদিত',
    line: 'আমরা আপনার TrxID যাচাই করে টাকাটা ওয়ালেটে যোগ করেছি।',
  },
  unexpected_payment: {
    subject: 'একটি পেমেন্ট আপনার ওয়ালেটে যোগ হয়েছে',
    title: 'পেমেন্ট ওয়ালেটে যোগ হয়েছে',
    line: 'আমরা এমন একটি পেমেন্ট পেয়েছি যা কোনো খোলা অর্ডারের সাথে মেলেনি, তাই টাকাটা আপনার ওয়ালেটে যোগ করেছি।',
  },
  late_payment: {
    subject: 'একটি পেমেন্ট আপনার ওয়ালেটে যোগ হয়েছে',
    title: 'পেমেন্ট ওয়ালেটে যোগ হয়েছে',
    line: 'অর্ডার বন্ধ হওয়ার পরে আপনার পেমেন্ট এসেছে, তাই টাকাটা আপনার ওয়ালেটে যোগ করেছি।',
  },
  adjustment: {
    subject: 'আপনার ওয়ালেটে টাকা যোগ হয়েছে',
    title: 'ওয়ালেটে টাকা যোগ হয়েছে',
    line: 'শপ আপনার ওয়ালেটে টাকা যোগ করেছে।',
  },
};

/** Where a refund that is not to the wallet went, in words. */
export const REFUND_TO_BN: Record<string, string> = {
  bkash: 'আপনার বিকাশে',
  nagad: 'আপনার নগদে',
  rocket: 'আপনার রকেটে',
  send_money: 'সেন্ড মানিতে',
};

const row = (label: string, value: string | undefined): Array<[string, string]> =>
  value ? [[label, value]] : [];

export const bn: BuyerMails = {
  receipt(shopUrl, d): MailContent {
    return {
      subject: `${pkg(d)}: আপনার কোড`,
      title: 'ধন্যবাদ! এই নিন আপনার কোড',
      lines: [`আপনার ${pkg(d)} অর্ডারটি সম্পন্ন হয়েছে।`],
      code: d.code,
      codeLabel: 'কোড',
      rows: [
        ['অর্ডার', d.orderId],
        ['প্যাকেজ', pkg(d)],
        ...row('প্লেয়ার আইডি (UID)', d.playerUid),
        ...row('জোন', d.playerZone),
        ['পেমেন্ট', tk(d.total)],
        ['পেমেন্ট মাধ্যম', label(d.paymentMethod)],
      ],
      steps: { title: 'যেভাবে রিডিম করবেন', items: redeemSteps(d) },
      action: {
        label: 'অর্ডারটি দেখুন',
        url: `${shopUrl}/payment-success?order_id=${encodeURIComponent(d.orderId)}`,
      },
      footer:
        "কোডটি কাউকে দেবেন না: যার কাছে কোড থাকবে সে-ই রিডিম করতে পারবে। আপনার সব কোড 'আমার কোড'-এও পাবেন।",
    };
  },

  topupReceipt(shopUrl, d: TopupReceiptData) {
    return {
      subject: `${pkg(d)}: আপনার টপ-আপ সম্পন্ন হয়েছে`,
      title: 'ধন্যবাদ! টপ-আপ আপনার গেম অ্যাকাউন্টে পৌঁছে গেছে',
      lines: [`${pkg(d)} নিচের গেম অ্যাকাউন্টে পৌঁছে গেছে।`],
      rows: [
        ['অর্ডার', d.orderId],
        ['প্যাকেজ', pkg(d)],
        ...row('প্লেয়ার আইডি (UID)', d.playerUid),
        ...row('জোন', d.playerZone),
        ['টপ-আপের TrxID', d.transactionId],
        ['পেমেন্ট', tk(d.total)],
        ['পেমেন্ট মাধ্যম', label(d.paymentMethod)],
      ],
      action: {
        label: 'অর্ডারটি দেখুন',
        url: `${shopUrl}/payment-success?order_id=${encodeURIComponent(d.orderId)}`,
      },
      footer: 'গেম অ্যাকাউন্টে না পেলে উপরের টপ-আপের TrxID দিয়ে আমাদের জানান, আমরা দেখে নেব।',
    };
  },

  paymentFailed(shopUrl, d) {
    const forOrder = d.paymentKind === 'order';
    return {
      subject: forOrder ? 'আপনার পেমেন্ট সম্পন্ন হয়নি' : 'আপনার ওয়ালেট টপ-আপ সম্পন্ন হয়নি',
      title: forOrder ? 'আপনার পেমেন্ট সম্পন্ন হয়নি' : 'আপনার টপ-আপ সম্পন্ন হয়নি',
      lines: [
        FAILURE_TEXT[d.reason] ?? FAILURE_TEXT.failed!,
        forOrder
          ? 'কোনো কোড দেওয়া হয়নি এবং আপনার ওয়ালেট থেকে কোনো টাকা কাটা হয়নি। আপনি আবার অর্ডার করতে পারেন।'
          : "আপনার ওয়ালেটে কিছু যোগ হয়নি। 'টাকা যোগ করুন' থেকে আবার চেষ্টা করতে পারেন।",
        'আপনার bKash, Nagad বা Rocket অ্যাকাউন্ট থেকে টাকা কেটে গিয়ে থাকলে, গেটওয়ে নিশ্চিত করলেই তা নিজে থেকে আপনার ওয়ালেটে যোগ হবে। এক ঘণ্টার মধ্যে না এলে TrxID সহ আমাদের জানান।',
      ],
      rows: [...row('অর্ডার', d.what), ['পরিমাণ', tk(d.amount)], ...row('অর্ডার আইডি', d.orderId)],
      action: forOrder
        ? { label: 'শপে ফিরে যান', url: `${shopUrl}/` }
        : { label: 'টাকা যোগ করুন', url: `${shopUrl}/add-money` },
    };
  },

  refund(shopUrl, d) {
    if (d.to) {
      const where = REFUND_TO_BN[d.to] ?? REFUND_TO_BN.send_money!;
      return {
        subject: `${where} ${tk(d.amount)} রিফান্ড`,
        title: 'আপনার অর্ডারের টাকা ফেরত দেওয়া হয়েছে',
        lines: [`আমরা ${where} ${tk(d.amount)} ফেরত পাঠিয়েছি। দেখাতে কয়েক দিন লাগতে পারে।`],
        rows: [...row('অর্ডার', d.what), ['অর্ডার আইডি', d.orderId], ['ফেরত', tk(d.amount)]],
        action: { label: 'আমার অর্ডার দেখুন', url: `${shopUrl}/orders` },
      };
    }
    return {
      subject: `আপনার ওয়ালেটে ${tk(d.amount)} রিফান্ড`,
      title: 'আপনার অর্ডারের টাকা ফেরত দেওয়া হয়েছে',
      lines: [`আমরা আপনার খেলাঘর ওয়ালেটে ${tk(d.amount)} ফেরত দিয়েছি। পরের অর্ডারে এটি ব্যবহার করতে পারবেন।`],
      rows: [
        ...row('অর্ডার', d.what),
        ['অর্ডার আইডি', d.orderId],
        ...row('কারণ', d.why),
        ['ফেরত', tk(d.amount)],
        ['নতুন ব্যালেন্স', tk(d.balanceAfter)],
      ],
      action: { label: 'ওয়ালেট দেখুন', url: `${shopUrl}/profile` },
    };
  },

  walletCredit(shopUrl, d) {
    const t = CREDIT_TITLES[d.reason] ?? CREDIT_TITLES.adjustment!;
    return {
      subject: `${t.subject}: ${tk(d.amount)}`,
      title: t.title,
      lines: [t.line, ...(d.note ? [d.note] : [])],
      rows: [
        ['পরিমাণ', tk(d.amount)],
        ['নতুন ব্যালেন্স', tk(d.balanceAfter)],
      ],
      action: { label: 'এখনই কিনুন', url: `${shopUrl}/` },
    };
  },

  trxIdRejected(shopUrl, d) {
    return {
      subject: 'আপনার TrxID রিকোয়েস্ট অনুমোদিত হয়নি',
      title: 'TrxID রিকোয়েস্ট নামঞ্জুর',
      lines: [
        'এই TrxID-এর টাকা আমরা নিশ্চিত করতে পারিনি, তাই আপনার ওয়ালেটে কিছু যোগ হয়নি।',
        ...(d.note ? [`কারণ: ${d.note}`] : []),
        'টাকা পাঠিয়ে থাকলে লেনদেনের স্ক্রিনশটসহ উত্তর দিন, অথবা সঠিক TrxID ও পরিমাণ দিয়ে আবার রিকোয়েস্ট করুন।',
      ],
      rows: [
        ['TrxID', d.trxId],
        ['পরিমাণ', tk(d.amount)],
      ],
      action: { label: 'টাকা যোগ করুন', url: `${shopUrl}/add-money` },
    };
  },

  trxIdReview(shopUrl, d) {
    return {
      subject: 'আপনার TrxID রিকোয়েস্ট যাচাইয়ের জন্য দোকানে পাঠানো হয়েছে',
      title: 'TrxID রিকোয়েস্ট যাচাই চলছে',
      lines: [
        `পেমেন্টের এসএমএস আপনার রিকোয়েস্টের সাথে মেলেনি: ${REVIEW_REASONS_BN[d.control] ?? d.control}।`,
        'দোকান নিজে যাচাই করবে, টাকা আপনার হলে ওয়ালেটে যোগ করে দেবে। আপনাকে আর কিছু করতে হবে না।',
      ],
      rows: [
        ['TrxID', d.trxId],
        ['পরিমাণ', tk(d.amount)],
      ],
      action: { label: 'টাকা যোগ করুন', url: `${shopUrl}/add-money` },
    };
  },

  trxIdExpired(shopUrl, d) {
    return {
      subject: 'আপনার TrxID রিকোয়েস্টের মেয়াদ শেষ',
      title: 'TrxID রিকোয়েস্টের মেয়াদ শেষ',
      lines: [
        'সময়ের মধ্যে এই TrxID-এর পেমেন্টের এসএমএস আসেনি, তাই আপনার ওয়ালেটে কিছু যোগ হয়নি।',
        'টাকা পাঠিয়ে থাকলে TrxID আবার জমা দিন।',
      ],
      rows: [
        ['TrxID', d.trxId],
        ['পরিমাণ', tk(d.amount)],
      ],
      action: { label: 'টাকা যোগ করুন', url: `${shopUrl}/add-money` },
    };
  },
};
