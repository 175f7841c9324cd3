import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SupplierName } from '@khelaghor/contract/schemas/suppliers';
import type { Db } from '../client';
import { keys } from '../keys';

/**
 * A supplier's settings saved in API Setup. The secret is not here: it lives in the secret store
 * (clients/supplier-secret-store.ts); this item keeps what may be shown (its last 2 characters)
 * and its version, so a function that caches the secret knows at once when it was replaced.
 */
export interface SupplierConfigItem {
  type: 'supplier_config';
  supplier: SupplierName;
  base_url: string;
  partner_id: string;
  is_active: boolean;
  /** Alert below this balance, in the supplier's minor units; null: no alert. */
  low_balance: number | null;
  /** A new value on every secret save; absent while no secret is stored. */
  secret_version?: string;
  secret_last2?: string;
  secret_updated_at?: string;
  updated_at: string;
}

export async function getSupplierConfigItem(
  db: Db,
  supplier: SupplierName,
): Promise<SupplierConfigItem | undefined> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.supplierConfig(supplier) }));
  return res.Item as SupplierConfigItem | undefined;
}

/** Every saved supplier: one Query of the small CONFIG#SUPPLIERS partition. */
export async function listSupplierConfigItems(db: Db): Promise<SupplierConfigItem[]> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.supplierConfigs() },
    }),
  );
  return (res.Items ?? []) as SupplierConfigItem[];
}

export async function putSupplierConfigItem(db: Db, item: Omit<SupplierConfigItem, 'type'>): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.supplierConfig(item.supplier), type: 'supplier_config', ...item },
    }),
  );
}
