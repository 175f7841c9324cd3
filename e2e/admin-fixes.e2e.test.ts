/// <reference lib="dom" />
import { formatTaka } from '@khelaghor/contract/money';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../functions/src/db/client';
import { ensureProfile } from '../functions/src/db/users/profiles';
import { callRoute, createUser, getTokens, uniqueEmail, type TestUser } from './src/api';
import { browserForFile, screenshot } from './src/browser';
import { signIn } from './src/flows';
import { waitForMail } from './src/mail';

/**
 * The admin fixes as the operator meets them: a status change (a refund above all) asks
 * first in the app's dialog, Wallet Management finds any customer by email among more than 100,
 * the Overview fits a 360 px phone and the Orders table fits 1280 px without sideways scrolling
 * (on a 360 px phone it shows its key columns first and says it scrolls), a bKash order is refunded
 * to bKash from its Refunds dialog (sent; then a refund the gateway never answered, unknown until
 * the admin confirms it from the gateway's panel), and the dashboard links back to the shop and
 * says 'Logged out' on logout.
 */
interface Variant {
  id: string;
  stock: number;
}
/** A refund the UddoktaPay sandbox accepted (GET <gatewayUrl>/_sandbox/refunds): money that left. */
interface SandboxRefund {
  invoice_id: string;
  amount: number;
  payment_method: string;
  reason: string;
}

describe('admin fixes', () => {
  const stack = inject('stack');
  const openPage = browserForFile();
  const tag = randomUUID().slice(0, 8);
  let page: Page;
  let adminToken: string;
  let variant: Variant;

  const toast = (text: string) =>
    page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
  const openSection = (label: string) =>
    page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: label, exact: true })
      .click();
  const balanceOf = async (user: TestUser) =>
    (await callRoute(stack, 'getMe', { token: user.tokens.idToken })).body.balance as number;
  const customer = async (prefix: string): Promise<TestUser> => {
    // A long address: the Orders table must truncate it, not break it letter by letter.
    const user = await createUser(stack, { email: uniqueEmail(`${prefix}-with-a-rather-long-mailbox-name`) });
    expect((await callRoute(stack, 'getMe', { token: user.tokens.idToken })).status).toBe(200);
    return user;
  };

  beforeAll(async () => {
    const catalog = await callRoute(stack, 'getCatalog');
    expect(catalog.status, JSON.stringify(catalog.body).slice(0, 300)).toBe(200);
    const products = catalog.body.products as Array<{ variants: Variant[] }>;
    variant = products.flatMap((p) => p.variants).find((v) => v.stock >= 5)!;
    adminToken = (await getTokens(stack, stack.admin.email, stack.admin.password)).idToken;
    page = await openPage();
    await signIn(page, stack, stack.admin.email, stack.admin.password);
  });

  it('asks before a status change: Cancel sends nothing, a confirmed refund credits the wallet once', async () => {
    const buyer = await customer('refund');
    await callRoute(stack, 'adminWalletAdjustment', {
      token: adminToken,
      body: { user_id: buyer.sub, type: 'credit', amount: 100_000, payment_method: 'admin_adjustment' },
    });
    const placed = await callRoute(stack, 'placeOrder', {
      token: buyer.tokens.idToken,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { variant_id: variant.id, player_uid: '123456789', payment_method: 'wallet' },
    });
    expect(placed.status).toBe(201);
    const order = placed.body.order as { id: string; status: string; total_amount: number };
    expect(order.status).toBe('completed');
    const paid = await balanceOf(buyer);

    await page.goto(new URL('/admin/orders', stack.url).toString());
    await page.getByLabel('Search orders').fill(order.id.slice(0, 8));
    const row = page.locator(`[data-testid=order-row][data-order-id="${order.id}"]`);
    const status = page.getByLabel(`Status of order ${order.id.slice(0, 8)}`);
    const dialog = page.getByRole('dialog');

    // Every status change the page sends: Cancel must send none (a change would be sent from the
    // confirming click itself, so once the dialog is gone the list below is complete).
    const statusCalls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' || r.method() === 'PUT' || r.method() === 'POST')
        if (r.url().includes(`/api/admin/orders/${order.id}`)) statusCalls.push(r.url());
    });
    await status.selectOption('refunded');
    await dialog.getByText(`Refund ${formatTaka(order.total_amount)} to ${buyer.email}'s wallet?`).waitFor();
    await screenshot(page, 'admin-refund-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await status.inputValue()).toBe('completed');
    expect(statusCalls).toEqual([]);
    expect(await balanceOf(buyer)).toBe(paid);
    const listed = await callRoute(stack, 'adminListOrders', {
      token: adminToken,
      query: { status: 'refunded' },
    });
    expect((listed.body.items as Array<{ id: string }>).some((o) => o.id === order.id)).toBe(false);

    await status.selectOption('refunded');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await toast('Order status updated');
    await row.locator('[data-variant]').filter({ hasText: 'refunded' }).waitFor();
    expect(await balanceOf(buyer)).toBe(paid + order.total_amount);

    // Any other change asks too, naming the order and both statuses.
    await status.selectOption('processing');
    await dialog.getByText(`Change order ${order.id.slice(0, 8)} from refunded to processing?`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await status.inputValue()).toBe('refunded');
    expect(await balanceOf(buyer)).toBe(paid + order.total_amount);
  });

  describe('a bKash order refunded to bKash (issue 34)', () => {
    // One buyer's gateway order, paid at the sandbox: part of it refunded to bKash (sent), then
    // the rest while the gateway drops the refund call (unknown until an admin confirms it).
    let buyer: TestUser;
    let order: { id: string; total_amount: number };
    let invoice: string;
    let part: number;
    const sandboxRefunds = async () =>
      ((await (await fetch(`${stack.gatewayUrl}/_sandbox/refunds`)).json()) as SandboxRefund[]).filter(
        (r) => r.invoice_id === invoice,
      );
    const refundsDialog = () =>
      page.getByRole('dialog', { name: `Refunds of order ${order.id.slice(0, 8)}` });
    const refundRow = (amount: number) =>
      refundsDialog()
        .getByTestId('refund-row')
        .filter({ hasText: formatTaka(amount) });
    /** The Refunds dialog's form: amount, To the original payment, a reason, Refund, then the question. */
    const refundToBkash = async (amount: number, reason: string) => {
      const dialog = refundsDialog();
      await dialog.getByLabel('Amount (taka)').fill((amount / 100).toFixed(2));
      await dialog.getByLabel('Refund to').selectOption('original');
      await dialog.getByLabel('Reason').fill(reason);
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      const ask = page.getByRole('dialog', { name: 'Refund this order?' });
      await ask.getByText(`Refund ${formatTaka(amount)}: To the original payment?`).waitFor();
      await ask.getByRole('button', { name: 'Refund', exact: true }).click();
    };

    it('the admin refunds part of it to bKash and sees it sent; the wallet is untouched', async () => {
      buyer = await customer('bkash');
      const placed = await callRoute(stack, 'placeOrder', {
        token: buyer.tokens.idToken,
        headers: { 'Idempotency-Key': randomUUID() },
        body: { variant_id: variant.id, player_uid: '123456789', payment_method: 'bkash' },
      });
      expect(placed.status, JSON.stringify(placed.body).slice(0, 300)).toBe(201);
      order = placed.body.order;
      // The buyer's part is not under test: the sandbox checkout's Pay form, posted as the page does.
      const paid = await fetch(`${placed.body.payment_url}/action`, {
        method: 'POST',
        body: new URLSearchParams({ action: 'pay', method: 'bkash' }),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      invoice = new URL(placed.body.payment_url!).pathname.split('/').pop()!;
      await expect
        .poll(
          async () =>
            (await callRoute(stack, 'getOrder', { token: buyer.tokens.idToken, params: { id: order.id } }))
              .body.order.status,
        )
        .toBe('completed');
      part = Math.floor(order.total_amount / 300) * 100; // whole taka, about a third
      expect(part).toBeGreaterThan(0);

      await page.goto(new URL('/admin/orders', stack.url).toString());
      await page.getByLabel('Search orders').fill(order.id.slice(0, 8));
      const row = page.locator(`[data-testid=order-row][data-order-id="${order.id}"]`);
      await row.getByRole('button', { name: 'Refunds' }).click();
      await refundsDialog()
        .getByText(`Paid ${formatTaka(order.total_amount)} · returned ${formatTaka(0)}`)
        .waitFor();
      await refundToBkash(part, 'Wrong package');
      const sent = refundRow(part);
      await sent.and(page.locator('[data-state=sent]')).waitFor();
      expect(await sent.innerText()).toMatch(/To the original payment\s+bKash\s+Sent/);
      await refundsDialog()
        .getByText(`returned ${formatTaka(part)}`)
        .waitFor();
      await screenshot(page, 'admin-refund-bkash-sent');

      // The money left at the gateway once, for that amount, to bKash; none came to the wallet.
      expect(await sandboxRefunds()).toEqual([
        expect.objectContaining({ amount: part, payment_method: 'bkash', reason: 'Wrong package' }),
      ]);
      expect(await balanceOf(buyer)).toBe(0);
    });

    it('a refund the gateway never answered is unknown, cannot be sent again, and is confirmed from the panel', async () => {
      const rest = order.total_amount - part;
      // The sandbox takes the money and drops the connection before answering.
      const fault = await fetch(`${stack.gatewayUrl}/_sandbox/refund-faults`, {
        method: 'POST',
        body: JSON.stringify({ faults: [{ kind: 'timeout', applied: true }] }),
      });
      expect(fault.status).toBe(200);
      await refundToBkash(rest, 'Out of stock');
      const unknown = refundRow(rest);
      await unknown.and(page.locator('[data-state=unknown]')).waitFor();
      expect(await unknown.innerText()).toContain('Outcome unknown');
      await toast('The gateway did not answer. Find the refund in its panel');
      expect(await unknown.innerText()).toContain('Confirm from the gateway panel:');
      // Only the gateway panel's word is asked for: no way to send it (or anything more) again.
      expect(await unknown.getByRole('button').allInnerTexts()).toEqual(['Sent', 'Refused']);
      expect(
        await refundsDialog()
          .getByText(`can still be refunded ${formatTaka(0)}`)
          .count(),
      ).toBe(1);
      expect(await refundsDialog().getByLabel('Refund to').count()).toBe(0);
      expect(
        await refundsDialog()
          .getByText(`returned ${formatTaka(part)}`)
          .count(),
      ).toBe(1);
      await screenshot(page, 'admin-refund-bkash-unknown');
      expect((await sandboxRefunds()).map((r) => r.amount)).toEqual([part, rest]);

      await unknown.getByRole('button', { name: 'Sent' }).click();
      const ask = page.getByRole('dialog', { name: 'Confirm this refund?' });
      await ask.getByText(`The gateway panel shows the refund of ${formatTaka(rest)} as sent?`).waitFor();
      await ask.getByRole('button', { name: 'Sent' }).click();
      await toast('Refund confirmed');
      await unknown.and(page.locator('[data-state=sent]')).waitFor();
      await refundsDialog()
        .getByText(`returned ${formatTaka(order.total_amount)}`)
        .waitFor();
      await screenshot(page, 'admin-refund-bkash-confirmed');

      // Everything paid is back: the order is refunded; the gateway was not called again, and the
      // wallet never saw the money.
      await page.keyboard.press('Escape');
      const row = page.locator(`[data-testid=order-row][data-order-id="${order.id}"]`);
      await row.locator('[data-variant]').filter({ hasText: 'refunded' }).waitFor();
      expect((await sandboxRefunds()).map((r) => r.amount)).toEqual([part, rest]);
      expect(await balanceOf(buyer)).toBe(0);
      // The buyer is told of each refund once it is known sent, the confirmed one too.
      for (const amount of [part, rest])
        await waitForMail(stack, buyer.email, {
          subject: new RegExp(`^Refund of ${formatTaka(amount)} to your bKash$`),
        });
    });

    it('the Audit page shows each refund: who, from where, what changed; and exports it as CSV', async () => {
      await openSection('Audit');
      await page.getByTestId('audit-action').fill('admin-refunds/create-refund');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const calls = page
        .getByTestId('audit-call')
        .filter({ hasText: `/api/admin/orders/${order.id}/refunds` });
      // The two refunds of the block above, each one call however many writes it made.
      await expect.poll(() => calls.count()).toBe(2);
      const last = calls.first();
      expect(await last.innerText()).toContain(stack.admin.email);
      await last.getByRole('button', { name: 'Show details' }).click();
      const details = page.getByTestId('audit-details');
      await details.getByTestId('audit-request').filter({ hasText: 'Out of stock' }).waitFor();
      expect(await details.getByTestId('audit-change').count()).toBeGreaterThan(0);
      await screenshot(page, 'admin-audit-refunds');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('audit-export').click(),
      ]);
      const file = join(tmpdir(), `audit-${tag}.csv`);
      await download.saveAs(file);
      const csv = await readFile(file, 'utf8');
      expect(csv.split('\n')[0]).toContain('actor_email');
      expect(csv.match(/admin-refunds\/create-refund/g)?.length).toBeGreaterThanOrEqual(2);
      expect(csv).toContain(order.id);
    });
  });

  it('fits the Orders table into 1280 px without sideways scrolling', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(new URL('/admin/orders', stack.url).toString());
    await page.locator('[data-testid=order-row]').first().waitFor();
    const table = page.locator('table').first();
    const scroll = await table.evaluate((t) => {
      const box = t.parentElement!;
      return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
    });
    await screenshot(page, 'admin-orders-1280');
    expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
    // It fits, so it says nothing about scrolling.
    expect(await page.getByText('Scroll sideways for more').count()).toBe(0);
  });

  it('on a 360 px phone the Orders table shows its key columns first and says it scrolls', async () => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(new URL('/admin/orders', stack.url).toString());
    await page.locator('[data-testid=order-row]').first().waitFor();
    await page.getByText('Scroll sideways for more').waitFor();
    const heads = page.getByRole('columnheader');
    expect((await heads.allTextContents()).slice(0, 3).map((h) => h.toLowerCase())).toEqual([
      'order',
      'status',
      'total',
    ]);
    // The order and its status (with its change) are on screen before any scrolling.
    const status = page.getByRole('columnheader', { name: 'Status' });
    const box = await status.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-orders-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('fits the Overview into a 360 px phone', async () => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(new URL('/admin', stack.url).toString());
    await page.getByRole('img', { name: /Sales per day/ }).waitFor();
    await page.getByTestId('status-count-completed').filter({ hasText: /\d/ }).waitFor();
    await screenshot(page, 'admin-overview-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('Wallet Management finds and credits a customer by email among more than 100 users', async () => {
    const wanted = await customer(`wallet-${tag}`);
    // 101 newer profiles (straight into the table: sign-ups through the pool are slow) push the
    // customer out of the newest 100 that the old user dropdown showed.
    const db = createDb({ table: stack.tableName, endpoint: stack.dynamodbEndpoint });
    try {
      for (let batch = 0; batch < 101; batch += 25) {
        await Promise.all(
          Array.from({ length: Math.min(25, 101 - batch) }, (_, i) => {
            const id = `filler-${tag}-${batch + i}`;
            return ensureProfile(
              db,
              { userId: id, email: `${id}@example.com`, groups: [], isAdmin: false },
              async () => undefined,
            );
          }),
        );
      }
    } finally {
      db.doc.destroy();
    }

    await openSection('Wallet Management');
    await page.getByLabel('Find customer by email').fill(wanted.email.toUpperCase());
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.getByRole('button', { name: `Choose ${wanted.email}` }).click();
    await page.getByText(`Current balance: ${formatTaka(0)}`).waitFor();
    await page.getByLabel('Amount (৳)').fill('250');
    await page.getByRole('button', { name: 'Update Wallet' }).click();
    // Money moves at once: the dialog names who and how much first.
    await page
      .getByRole('dialog')
      .getByText(`Add ${formatTaka(25_000)} to ${wanted.email}'s wallet?`)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Update Wallet' }).click();
    await toast('Wallet updated successfully');
    await page.getByText(`Current balance: ${formatTaka(25_000)}`).waitFor();
    expect(await balanceOf(wanted)).toBe(25_000);
    await screenshot(page, 'admin-wallet-search');
  });

  it('links back to the shop and says Logged out on logout', async () => {
    await page.goto(new URL('/admin/orders', stack.url).toString());
    await page.getByRole('link', { name: 'View shop' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(new URL('/admin', stack.url).toString());
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await toast('Logged out');
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'You have been successfully logged out' })
      .first()
      .waitFor();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
