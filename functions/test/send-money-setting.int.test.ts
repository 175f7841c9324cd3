import { beforeAll, describe, expect, it } from 'vitest';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';

/**
 * Send Money made easy (issue 35): Add Money's TrxID step promises the credit within the shop's
 * own time, a site setting the admin edits (default 30 minutes), served with the public site.
 */
beforeAll(async () => {
  await freshTable('send-money-setting');
});

const settings = (send_money_minutes: unknown) => ({ brand_name: 'Khelaghor', send_money_minutes });

describe('Send Money credited within N minutes', () => {
  it('is 30 until an admin saves another, then the storefront reads the saved one', async () => {
    expect((await invoke('getSite')).body.settings.send_money_minutes).toBe(30);
    expect((await invoke('adminGetSiteSettings', { as: admin })).body.settings.send_money_minutes).toBe(30);
    // Saved without it (an older client): the default, not a missing value.
    expect(
      (await invoke('adminPutSiteSettings', { as: admin, body: { brand_name: 'Khelaghor' } })).status,
    ).toBe(200);
    expect((await invoke('getSite')).body.settings.send_money_minutes).toBe(30);
    const saved = await invoke('adminPutSiteSettings', { as: admin, body: settings(45) });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.send_money_minutes).toBe(45);
    expect((await invoke('getSite')).body.settings.send_money_minutes).toBe(45);
  });

  it('only an admin changes it', async () => {
    expect((await invoke('adminPutSiteSettings', { body: settings(5) })).status).toBe(401);
    expect((await invoke('adminPutSiteSettings', { as: customer(3502), body: settings(5) })).status).toBe(
      403,
    );
    expect((await invoke('getSite')).body.settings.send_money_minutes).not.toBe(5);
  });

  it('refuses what is not a whole number of minutes from 1 to a day', async () => {
    for (const bad of [0, -5, 2.5, 1441, '30']) {
      const res = await invoke('adminPutSiteSettings', { as: admin, body: settings(bad) });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.error.fields?.send_money_minutes).toBe('Minutes must be a whole number from 1 to 1440');
    }
  });
});
