import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SupplierName } from '@khelaghor/contract/schemas/suppliers';
import type { Db } from '../client';
import { keys } from '../keys';

/** How a call to a supplier ended (the adapter's outcome kinds). */
export type CallKind = 'done' | 'refused' | 'unknown';

/** The supplier's running state: the streak of calls without a trustworthy answer, the last error. */
export interface SupplierHealthItem {
  consecutive_failures: number;
  last_error: string | null;
  last_error_at: string | null;
  balance_alerted: boolean;
}

const HOUR_COUNTERS_KEPT_SECONDS = 3 * 24 * 3600;
const ALERTS_KEPT_SECONDS = 90 * 24 * 3600;
const unixSeconds = (d: Date) => Math.floor(d.getTime() / 1000);
/** '2026-11-27T17': the UTC hour a call counts in. */
const hourOf = (d: Date) => d.toISOString().slice(0, 13);

/**
 * Counts one call: ADD on its hour's counter item (no read), and the streak on the health item,
 * reset by any answer (done or refused: the supplier is up) and grown by each unknown. Returns the
 * streak after this call, so exactly one caller sees it reach a given length.
 */
export async function recordCall(
  db: Db,
  supplier: SupplierName,
  kind: CallKind,
  now: Date,
  error?: string,
): Promise<number> {
  const counting = db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.supplierCalls(supplier, hourOf(now)),
      UpdateExpression:
        'ADD #kind :one SET #type = if_not_exists(#type, :type), #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#kind': kind, '#type': 'type', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':type': 'supplier_calls',
        ':ttl': unixSeconds(now) + HOUR_COUNTERS_KEPT_SECONDS,
      },
    }),
  );
  const errorSet = error ? ', last_error = :error, last_error_at = :at' : '';
  const streak = db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.supplierHealth(supplier),
      UpdateExpression:
        kind === 'unknown'
          ? `ADD consecutive_failures :one SET #type = :type${errorSet}`
          : `SET consecutive_failures = :zero, #type = :type${errorSet}`,
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ...(kind === 'unknown' ? { ':one': 1 } : { ':zero': 0 }),
        ':type': 'supplier_health',
        ...(error && { ':error': error.slice(0, 300), ':at': now.toISOString() }),
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const [, updated] = await Promise.all([counting, streak]);
  return Number(updated.Attributes?.consecutive_failures ?? 0);
}

export async function getSupplierHealthItem(db: Db, supplier: SupplierName): Promise<SupplierHealthItem> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.supplierHealth(supplier) }));
  const item = res.Item ?? {};
  return {
    consecutive_failures: Number(item.consecutive_failures ?? 0),
    last_error: typeof item.last_error === 'string' ? item.last_error : null,
    last_error_at: typeof item.last_error_at === 'string' ? item.last_error_at : null,
    balance_alerted: item.balance_alerted === true,
  };
}

/** The calls of the hours from `since` on, summed by outcome: one Query of the hour items. */
export async function callsSince(
  db: Db,
  supplier: SupplierName,
  since: Date,
): Promise<Record<CallKind, number>> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.supplierPartition(supplier),
        ':from': `${keys.supplierCallsPrefix()}${hourOf(since)}`,
        ':to': `${keys.supplierCallsPrefix()}~`,
      },
    }),
  );
  const sum: Record<CallKind, number> = { done: 0, refused: 0, unknown: 0 };
  for (const item of res.Items ?? [])
    for (const kind of ['done', 'refused', 'unknown'] as const) sum[kind] += Number(item[kind] ?? 0);
  return sum;
}

/**
 * Arms (below: true) or re-arms (below: false) the low-balance alert. Answers true only to the one
 * caller that turned it on, who then writes the alert: one mail per time the balance goes low.
 */
export async function setBalanceAlerted(db: Db, supplier: SupplierName, below: boolean): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.supplierHealth(supplier),
        UpdateExpression: 'SET balance_alerted = :below, #type = :type',
        ConditionExpression: below
          ? 'attribute_not_exists(balance_alerted) OR balance_alerted = :false'
          : 'balance_alerted = :true',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':below': below,
          ':type': 'supplier_health',
          ...(below ? { ':false': false } : { ':true': true }),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export interface SupplierAlert {
  supplier: SupplierName;
  kind: 'failing' | 'low_balance';
  /** What the mail says: the last error, or the balance and the level. */
  detail: Record<string, string | number>;
}

/** One alert item: the notifier (table stream, prefix SUPPLIERALERT#) mails it once. */
export async function putSupplierAlert(
  db: Db,
  alertId: string,
  alert: SupplierAlert,
  now: Date,
): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.supplierAlert(alert.supplier, alertId),
        type: 'supplier_alert',
        id: alertId,
        ...alert,
        created_at: now.toISOString(),
        ttl: unixSeconds(now) + ALERTS_KEPT_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}
