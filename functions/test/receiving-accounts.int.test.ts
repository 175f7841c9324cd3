import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { readReceivingAccounts } from '../src/db/site/receiving-accounts';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';

let db: Db;
beforeAll(async () => {
  db = await freshTable('receiving');
});

const wallet = { provider: 'bkash', number: ' 01712345678 ', type: 'personal' };
const bank = {
  bank_name: 'Dutch-Bangla Bank',
  account_name: 'Khelaghor Ltd',
  account_number: '123-456-7890',
  branch: '',
};

describe('receiving accounts for manual top-ups', () => {
  it('start empty in GET /api/site, and what the admin saves shows there, trimmed', async () => {
    const site = await invoke('getSite', {});
    expect(site.status).toBe(200);
    expect(site.body.receiving_accounts).toEqual({ wallets: [], banks: [], updated_at: null });
    expect((await invoke('adminGetReceivingAccounts', { as: admin })).body.accounts.wallets).toEqual([]);

    const saved = await invoke('adminPutReceivingAccounts', {
      as: admin,
      body: { wallets: [wallet], banks: [bank] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Receiving accounts saved');
    const expected = {
      wallets: [{ provider: 'bkash', number: '01712345678', type: 'personal' }],
      banks: [{ ...bank, branch: null }],
    };
    expect(saved.body.accounts).toMatchObject(expected);
    expect((await invoke('getSite', {})).body.receiving_accounts).toMatchObject(expected);
    expect((await invoke('adminGetReceivingAccounts', { as: admin })).body.accounts).toMatchObject(expected);
  });

  it('refuses a bad number, a missing bank name, too many rows and non-admins, writing nothing', async () => {
    const badNumber = await invoke('adminPutReceivingAccounts', {
      as: admin,
      body: { wallets: [{ ...wallet, number: '12345' }], banks: [] },
    });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.error.message).toBe('Please enter an 11-digit number starting with 01');
    const noBank = await invoke('adminPutReceivingAccounts', {
      as: admin,
      body: { wallets: [], banks: [{ ...bank, bank_name: ' ' }] },
    });
    expect(noBank.status).toBe(400);
    expect(noBank.body.error.message).toBe('Bank name is required');
    const many = await invoke('adminPutReceivingAccounts', {
      as: admin,
      body: { wallets: Array.from({ length: 11 }, () => wallet), banks: [] },
    });
    expect(many.status).toBe(400);
    const provider = await invoke('adminPutReceivingAccounts', {
      as: admin,
      body: { wallets: [{ ...wallet, provider: 'upay' }], banks: [] },
    });
    expect(provider.status).toBe(400);
    expect(
      (await invoke('adminPutReceivingAccounts', { as: customer(1), body: { wallets: [], banks: [] } }))
        .status,
    ).toBe(403);
    expect((await invoke('adminGetReceivingAccounts', {})).status).toBe(401);
    expect((await readReceivingAccounts(db)).wallets).toHaveLength(1);
  });
});
