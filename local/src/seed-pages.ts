import {
  PAGE_DEFAULT_TITLES,
  PAGE_SLUGS,
  type FaqItem,
  type PageSlug,
} from '@khelaghor/contract/schemas/pages';
import type { Db } from '../../functions/src/db/client';
import { readPage, writePage } from '../../functions/src/db/pages/pages';
import { bodiesBn, faqBn, titlesBn } from './seed-pages-bn';

/**
 * Demo texts of the shop pages (terms, privacy, refund, faq) for a Bangladeshi top-up shop. The
 * refund policy says what the shop does: delivered codes are final unless invalid,
 * failed or expired payments never charge, refunds go to the wallet.
 */
const bodies: Record<PageSlug, string> = {
  terms: `These terms apply when you use Khelaghor to buy game top-up codes, gift cards and vouchers. By creating an account or placing an order you agree to them.

## Your account
- You must give a working email address and keep your password to yourself.
- One person, one account. We may close accounts used for fraud, chargebacks or reselling without a reseller agreement.
- You are responsible for the Player UID and server you type at checkout; check them before you pay.

## Orders and delivery
- Prices are in Bangladeshi taka (৳) and include every fee we charge. The price shown at checkout is the price you pay.
- We deliver a code to redeem, shown on the success page, in My Codes and in the receipt email. Redeem it on the game's or store's official page.
- A gateway order (bKash, Nagad, Rocket) holds its code for 15 minutes while you pay.

## Wallet
- Money in your wallet can only be spent on Khelaghor and cannot be withdrawn as cash, except where the law requires.
- Manual top-ups (TrxID) are credited after we check the transaction.

## Changes
We may update these terms; the date below the title shows the last change. Questions: contact support on WhatsApp or Telegram.`,
  privacy: `This policy says what we collect, why, and how long we keep it.

## What we collect
- Your name, email address and, if you give it, your phone number.
- Your orders, payments, wallet history and the Player UIDs you type at checkout.
- Technical data needed to keep the shop safe: IP address and browser, for rate limits and fraud checks.

## Why
- To deliver your codes and receipts, keep your wallet correct and answer support questions.
- To stop fraud and abuse.
We never sell your data and never show your email or phone to other customers.

## Who else sees it
- The payment gateway (UddoktaPay and the mobile wallet you choose) sees the payment.
- Our cloud provider stores the data for us.

## Your choices
You can ask support for a copy of your data or to delete your account. Orders are kept as long as the law requires for accounting.`,
  refund: `Please read this before you buy: game codes cannot be taken back once they are shown to you.

## Delivered codes are final
- A code that has been delivered to you (shown on the success page, in My Codes or in the receipt) cannot be returned or exchanged.
- The only exception: the code is invalid (the official redeem page refuses it as invalid or already used when you first try it). Contact support within 7 days with the order id and a screenshot; after we check it with the supplier we send a new code or refund the order.
- A wrong Player UID or server typed at checkout is not a reason for a refund: check it before you pay.

## Failed and expired payments never charge you
- If a bKash, Nagad or Rocket payment fails, is cancelled or is not finished within 15 minutes, the order fails and nothing is taken.
- If money left your account but the order still failed, the amount is credited to your Khelaghor wallet automatically.

## How refunds are paid
- Every refund goes to your Khelaghor wallet, usually at once, and you receive an email.
- You can spend wallet money on any product. Cash refunds to bKash, Nagad, Rocket or a bank are not offered except where the law requires.`,
  faq: `Quick answers to the questions buyers ask most. Still stuck? Message support on WhatsApp.`,
};

const faq: FaqItem[] = [
  {
    question: 'How fast do I get my code?',
    answer:
      'Within seconds after payment. It shows on the success page, in My Codes and in the receipt email.',
  },
  {
    question: 'How do I redeem the code?',
    answer:
      'Each product shows its redeem steps and the official redeem link on the success page and in My Codes. Open the link, sign in to your game or store account and enter the code.',
  },
  {
    question: 'Which payment methods can I use?',
    answer:
      'Your Khelaghor wallet, or bKash, Nagad and Rocket through our payment gateway. You can add money to the wallet with the same methods or by sending money and typing the TrxID.',
  },
  {
    question: 'My payment failed. Was I charged?',
    answer:
      'No. A failed, cancelled or expired payment never charges you. If money did leave your account, it is credited to your wallet automatically.',
  },
  {
    question: 'Can I get a refund for a code?',
    answer:
      'Delivered codes are final unless the code is invalid. See the Refund Policy for how to report an invalid code. Refunds go to your wallet.',
  },
];

/** Writes each page the table does not have yet: the admin's own text is never overwritten. */
export async function seedPages(db: Db, now = new Date()): Promise<number> {
  let written = 0;
  for (const slug of PAGE_SLUGS) {
    if (await readPage(db, slug)) continue;
    await writePage(db, {
      type: 'page',
      slug,
      title: PAGE_DEFAULT_TITLES[slug],
      body: bodies[slug],
      faq: slug === 'faq' ? faq : [],
      title_bn: titlesBn[slug],
      body_bn: bodiesBn[slug],
      faq_bn: slug === 'faq' ? faqBn : [],
      updated_at: now.toISOString(),
    });
    written += 1;
  }
  return written;
}
