import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ReconReport } from '@khelaghor/contract/schemas/reconciliation';
import type { Db } from '../client';
import { keys } from '../keys';
import { isConditionFailure } from '../transact';

/**
 * One reconciliation report per Asia/Dhaka day (RECON#<day> / REPORT), its breaks inside it. A run
 * replaces the whole item; the breaks a day can have are bounded by what the report keeps
 * (use-cases/reconciliation/reconcile-day.ts caps them well below DynamoDB's 400 KB per item).
 */

const ITEM_FIELDS = ['pk', 'sk', 'type', 'ttl'] as const;

function toReport(item: Record<string, unknown>): ReconReport {
  const copy = { ...item };
  for (const f of ITEM_FIELDS) delete copy[f];
  return copy as unknown as ReconReport;
}

export async function getReport(db: Db, day: string): Promise<ReconReport | undefined> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.reconReport(day), ConsistentRead: true }),
  );
  return res.Item ? toReport(res.Item) : undefined;
}

/**
 * Store the day's report. `replace`: an admin's run, which replaces any earlier report of the day;
 * otherwise (the job) only when the day has none, so the hourly job writes (and mails) a day once.
 */
export async function putReport(db: Db, report: ReconReport, replace: boolean): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.reconReport(report.day), type: 'recon_report', ...report },
        ...(!replace && { ConditionExpression: 'attribute_not_exists(pk)' }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Record an admin's resolution on break number `index`, if it is still the break `id` and not yet
 * resolved (a run that replaced the report meanwhile moves it: the caller reads again). False when
 * the condition failed.
 */
export async function resolveBreakAt(
  db: Db,
  day: string,
  index: number,
  id: string,
  by: { userId: string; at: string; note: string },
): Promise<boolean> {
  const at = `breaks[${index}]`;
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.reconReport(day),
        UpdateExpression: `SET ${at}.resolved_by = :by, ${at}.resolved_at = :at, ${at}.resolution_note = :note`,
        ConditionExpression: `${at}.id = :id AND ${at}.resolved_at = :null`,
        ExpressionAttributeValues: {
          ':by': by.userId,
          ':at': by.at,
          ':note': by.note,
          ':id': id,
          ':null': null,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
