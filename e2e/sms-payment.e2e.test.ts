/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callRoute, createUser, getTokens } from './src/api';
import { browserForFile, screenshot } from './src/browser';
import { signIn } from './src/flows';

/**
 * Send Money verified from the shop's SMS (issue 32): a buyer asks to add ৳500 by bKash with the
 * TrxID, the shop phone (the local stack's sandbox, signed as a forwarder) sends the payment SMS,
 * and the balance shows ৳500 within 5 s with no admin action. A second buyer's request for another
 * amount lands in the admin's queue with 'amount differs' and the SMS beside it.
 */
const PHONE = { width: 360, height: 640 };
const BKASH = '01712345678';

const trxId = () => `E2E${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 10);

describe('Send Money verified by SMS', () => {
  const stack = inject('stack');
  const openPage = browserForFile();

  /** The shop phone sends the SMS a real phone would get for this payment. */
  async function phoneSends(amountTaka: string, trx: string) {
    const res = await fetch(`${stack.shopPhoneUrl}/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ number: BKASH, amount: amountTaka, trx_id: trx, sender_number: '01812345678' }),
    });
    const out = (await res.json()) as { status: number };
    expect(out.status).toBe(200);
  }

  const balance = (page: Page) => page.locator('p', { hasText: 'Balance:' }).locator('strong');

  it('credits ৳500 within 5 s of the SMS; a wrong amount waits in the admin queue, named', async () => {
    // The phone received payments before: the shop's balance chain of this number has started.
    await phoneSends('10', trxId());

    const buyer = await createUser(stack, { fullName: 'Karim Ahmed' });
    const page = await openPage(PHONE);
    await signIn(page, stack, buyer.email, 'secret123');
    await page.goto(`${stack.url}/add-money`);
    await page.getByLabel('Amount (BDT)').fill('500');
    await page
      .locator('label')
      .filter({ hasText: /^bKash$/ })
      .click();
    await page.getByRole('button', { name: 'I sent money (TrxID)' }).click();
    const trx = trxId();
    await page.getByLabel('Sender Number').fill('01812345678');
    await page.getByLabel(/Transaction ID/i).fill(trx);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText(/^Waiting for the payment SMS · expected by /).waitFor();
    await screenshot(page, 'sms-payment-waiting-360x640');

    const sent = Date.now();
    await phoneSends('500', trx);
    await expect.poll(() => balance(page).innerText(), { timeout: 5_000, interval: 100 }).toBe('৳500.00');
    expect(Date.now() - sent).toBeLessThan(5_000);
    await screenshot(page, 'sms-payment-credited-360x640');
    await page.context().close();

    // A second buyer asks for ৳300 but sent ৳250: the admin's queue names the control.
    const second = await createUser(stack, { fullName: 'Rina Akter' });
    const wrong = trxId();
    const asked = await callRoute(stack, 'createManualTopup', {
      token: second.tokens.idToken,
      body: { amount: 30_000, payment_method: 'bkash', sender_number: '01812345679', transaction_id: wrong },
    });
    expect(asked.status).toBe(201);
    await phoneSends('250', wrong);
    const adminToken = (await getTokens(stack, stack.admin.email, stack.admin.password)).idToken;
    await expect
      .poll(
        async () => {
          const queue = await callRoute(stack, 'adminListManualTopups', {
            token: adminToken,
            query: { status: 'pending', limit: '100' },
          });
          const items = (queue.body?.items ?? []) as Array<{ transaction_id: string; sms_review?: string }>;
          return items.find((p) => p.transaction_id === wrong)?.sms_review;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe('amount');
    const admin = await openPage({ width: 1280, height: 800 });
    await signIn(admin, stack, stack.admin.email, stack.admin.password);
    await admin.goto(`${stack.url}/admin/wallet`);
    const row = admin.locator('tr', { hasText: wrong });
    await row.getByText('SMS check: amount differs').waitFor();
    await row.getByText(/^SMS to 01712345678: ৳250\.00/).waitFor();
    await screenshot(admin, 'sms-payment-admin-review');
    await admin.context().close();
  });
});
