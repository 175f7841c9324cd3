import type { ReceivingAccounts } from '@khelaghor/contract/schemas/catalog';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { keys } from '../keys';
import type { ReceivingAccountsItem } from './site-items';

/**
 * The shop's receiving accounts for manual (TrxID) top-ups (DESIGN 11). One item in the public SITE
 * partition, so GET /api/site carries them in its one Query; the admin replaces the whole list.
 */
export const toReceivingAccounts = (item?: ReceivingAccountsItem): ReceivingAccounts =>
  item
    ? {
        wallets: (item.wallets ?? []).map((w) => ({ provider: w.provider, number: w.number, type: w.type })),
        banks: (item.banks ?? []).map((b) => ({
          bank_name: b.bank_name,
          account_name: b.account_name,
          account_number: b.account_number,
          branch: b.branch ?? null,
        })),
        updated_at: item.updated_at ?? null,
      }
    : { wallets: [], banks: [], updated_at: null };

export async function readReceivingAccounts(db: Db): Promise<ReceivingAccounts> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.receivingAccounts() }));
  return toReceivingAccounts(res.Item as ReceivingAccountsItem | undefined);
}

export async function writeReceivingAccounts(
  db: Db,
  accounts: Pick<ReceivingAccountsItem, 'wallets' | 'banks'>,
  now: Date,
): Promise<ReceivingAccounts> {
  const item: ReceivingAccountsItem = {
    type: 'receiving_accounts',
    wallets: accounts.wallets,
    banks: accounts.banks,
    updated_at: now.toISOString(),
  };
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.receivingAccounts(), ...item } }));
  return toReceivingAccounts(item);
}
