import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { readNotifySettings } from '../src/db/notify/notify-settings';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';

let db: Db;
beforeAll(async () => {
  db = await freshTable('notifyset');
});

describe('notification settings (admin)', () => {
  it('start at no addresses and the overview level, save trimmed, lower-cased and once each', async () => {
    const first = await invoke('adminGetNotifySettings', { as: admin });
    expect(first.status).toBe(200);
    expect(first.body.settings).toEqual({ alert_emails: [], low_stock_level: 10, updated_at: null });
    const saved = await invoke('adminPutNotifySettings', {
      as: admin,
      body: { alert_emails: [' Owner@Shop.test ', 'owner@shop.test', 'ops@shop.test'], low_stock_level: 3 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Notification settings saved');
    expect(saved.body.settings.alert_emails).toEqual(['owner@shop.test', 'ops@shop.test']);
    expect(await readNotifySettings(db)).toMatchObject({
      alert_emails: ['owner@shop.test', 'ops@shop.test'],
      low_stock_level: 3,
    });
  });

  it('refuses bad input with the message, and customers', async () => {
    const bad = await invoke('adminPutNotifySettings', {
      as: admin,
      body: { alert_emails: ['not-an-email'], low_stock_level: 3 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Please enter valid email addresses');
    const level = await invoke('adminPutNotifySettings', {
      as: admin,
      body: { alert_emails: [], low_stock_level: -1 },
    });
    expect(level.status).toBe(400);
    expect(level.body.error.message).toBe('Low-stock level must be a whole number from 0 to 100000');
    expect((await invoke('adminGetNotifySettings', { as: customer(1) })).status).toBe(403);
    expect(
      (await invoke('adminPutNotifySettings', { body: { alert_emails: [], low_stock_level: 1 } })).status,
    ).toBe(401);
    expect(await readNotifySettings(db)).toMatchObject({ low_stock_level: 3 });
  });
});

describe("a buyer's email preference", () => {
  it('is on by default, and the caller turns only their own off and on', async () => {
    const u = customer(2);
    const other = customer(3);
    // No profile yet (GET /api/me makes it): a clear 404, nothing written.
    expect((await invoke('putEmailPreferences', { as: u, body: { optional: false } })).status).toBe(404);
    expect((await invoke('getMe', { as: u })).body.notify_optional).toBe(true);
    expect((await invoke('getMe', { as: other })).body.notify_optional).toBe(true);
    const off = await invoke('putEmailPreferences', { as: u, body: { optional: false } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ optional: false, message: 'Email preferences saved' });
    expect((await invoke('getMe', { as: u })).body.notify_optional).toBe(false);
    expect((await invoke('getMe', { as: other })).body.notify_optional).toBe(true);
    expect((await invoke('putEmailPreferences', { as: u, body: { optional: 'no' } })).status).toBe(400);
    expect((await invoke('putEmailPreferences', { body: { optional: true } })).status).toBe(401);
    await invoke('putEmailPreferences', { as: u, body: { optional: true } });
    expect((await invoke('getMe', { as: u })).body.notify_optional).toBe(true);
  });
});
