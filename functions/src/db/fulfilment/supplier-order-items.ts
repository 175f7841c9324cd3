import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FulfilmentState } from '@khelaghor/contract/facts';
import { getItem } from '../batch-get';
import type { Db } from '../client';
import { indexKeys, keys, lists, listQuery, shardedLists, timeKey } from '../keys';
import { dueItems } from '../list-items';
import { queryAll } from '../query-all';
import { isConditionFailure, write, type Write } from '../transact';
import { DUE_STATES, type SupplierOrderItem } from '../../domain/fulfilment/supplier-order';

export type { SupplierOrderItem } from '../../domain/fulfilment/supplier-order';

/**
 * The supplier-order record (ORDER#<id> / FULFIL) and its moves. Its gsi3 place says who looks at
 * it next: FULFIL#DUE#NN by next_check_at (the fulfilment job) while it may need a call, FULFIL#QUEUED
 * by queued_at (the operator's queue), none once completed or refused.
 */

export const getSupplierOrder = (db: Db, orderId: string) =>
  getItem<SupplierOrderItem>(db, keys.supplierOrder(orderId));

/** The index place of a record in `state` (DUE states need next_check_at, queued needs queued_at). */
function placeOf(r: Pick<SupplierOrderItem, 'order_id' | 'state' | 'next_check_at' | 'queued_at'>) {
  if (DUE_STATES.includes(r.state) && r.next_check_at)
    return { gsi3pk: indexKeys.dueFulfilments(r.order_id), gsi3sk: timeKey(r.next_check_at, r.order_id) };
  if (r.state === 'queued' && r.queued_at)
    return { gsi3pk: indexKeys.queuedFulfilments(), gsi3sk: timeKey(r.queued_at, r.order_id) };
  return undefined;
}

/** The record, once per order: in the transaction that takes the buyer's money. */
export function putSupplierOrderWrite(table: string, record: SupplierOrderItem): Write {
  return write('supplier_order', {
    Put: {
      TableName: table,
      Item: { ...keys.supplierOrder(record.order_id), ...record, ...placeOf(record) },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
}

/** A change of a record: the fields set (undefined ones removed) and the index place they imply. */
export interface RecordChange {
  from: readonly FulfilmentState[];
  /** Only while this sender still holds the lease. */
  leaseOwner?: string;
  set: Partial<SupplierOrderItem> & { state: FulfilmentState };
  /** Attributes to drop (e.g. the lease once the sender is done). */
  remove?: (keyof SupplierOrderItem)[];
  /** Counters to add to. */
  add?: Partial<Record<'send_attempts' | 'inquiries', number>>;
  now: string;
}

/** The change as one named transaction write (condition: the state it is read in, and the lease). */
export function supplierOrderWrite(table: string, orderId: string, c: RecordChange): Write {
  const names: Record<string, string> = { '#state': 'state' };
  const values: Record<string, unknown> = { ':now': c.now };
  const sets = ['updated_at = :now'];
  const removes: string[] = [...(c.remove ?? [])];
  const fields = { ...c.set };
  const place = placeOf({ order_id: orderId, ...fields });
  Object.entries({ ...fields, ...place }).forEach(([k, v], i) => {
    names[`#f${i}`] = k;
    if (v === undefined) removes.push(`#f${i}`);
    else {
      values[`:f${i}`] = v;
      sets.push(`#f${i} = :f${i}`);
    }
  });
  if (!place) removes.push('gsi3pk', 'gsi3sk');
  Object.entries(c.add ?? {}).forEach(([k, v], i) => {
    names[`#a${i}`] = k;
    values[`:a${i}`] = v;
    sets.push(`#a${i} = if_not_exists(#a${i}, :zero) + :a${i}`);
    values[':zero'] = 0;
  });
  const froms = c.from.map((s, i) => {
    values[`:s${i}`] = s;
    return `:s${i}`;
  });
  let condition = `#state IN (${froms.join(', ')})`;
  if (c.leaseOwner) {
    names['#owner'] = 'lease_owner';
    values[':owner'] = c.leaseOwner;
    condition += ' AND #owner = :owner';
  }
  return write('supplier_order', {
    Update: {
      TableName: table,
      Key: keys.supplierOrder(orderId),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${[...new Set(removes)].join(', ')}` : ''}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  });
}

/** The change alone (outside a transaction): the record after it, or undefined when it moved meanwhile. */
export async function updateSupplierOrder(
  db: Db,
  orderId: string,
  c: RecordChange,
): Promise<SupplierOrderItem | undefined> {
  const w = supplierOrderWrite(db.table, orderId, c).item.Update!;
  try {
    const res = await db.doc.send(new UpdateCommand({ ...w, ReturnValues: 'ALL_NEW' }));
    return res.Attributes as SupplierOrderItem;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** An operator claims a queued record: one wins (condition: queued and unclaimed). */
export async function claimQueuedRecord(
  db: Db,
  orderId: string,
  adminId: string,
  now: string,
): Promise<SupplierOrderItem | undefined> {
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.supplierOrder(orderId),
        UpdateExpression: 'SET claimed_by = :me, claimed_at = :now, updated_at = :now',
        ConditionExpression: '#state = :queued AND attribute_not_exists(claimed_by)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':me': adminId, ':now': now, ':queued': 'queued' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes as SupplierOrderItem;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** One page of records whose next check is due at `now`, oldest first. */
export const dueSupplierOrders = (db: Db, now: Date, after?: string) =>
  dueItems<SupplierOrderItem>(db, shardedLists.dueFulfilments(), now, after);

/** The operator's queue, oldest first (its entries' records, read strongly). */
export async function queuedSupplierOrders(db: Db, limit = 100): Promise<SupplierOrderItem[]> {
  const entries = await queryAll<{ pk: string; sk: string }>(db, {
    ...listQuery(lists.queuedFulfilments()),
    ScanIndexForward: true,
    Limit: limit,
  });
  const records = await Promise.all(entries.map((e) => getSupplierOrder(db, e.pk.slice('ORDER#'.length))));
  return records.filter((r): r is SupplierOrderItem => r?.state === 'queued');
}
