import type { Db } from '../client';
import { queryPage, type Page } from '../list-items';
import { auditPartition } from './audit-entry';

export interface AuditFilter {
  day: string;
  actor?: string;
  action?: string;
}

/**
 * One page of a day's audit entries, newest first. The filters are applied by DynamoDB to the
 * page it read (FilterExpression), so a filtered page may hold fewer entries than `limit` and
 * still have a cursor: a day of admin actions is small, and the admin pages on.
 */
export async function auditPage(
  db: Db,
  filter: AuditFilter,
  page: { cursor?: string; limit: number },
): Promise<Page<Record<string, unknown>>> {
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ':pk': auditPartition(filter.day) };
  if (filter.actor) {
    conditions.push('(actor_id = :actor OR contains(actor_email, :actor))');
    values[':actor'] = filter.actor;
  }
  if (filter.action) {
    conditions.push('#action = :action');
    values[':action'] = filter.action;
  }
  return queryPage(
    db,
    { pk: auditPartition(filter.day) },
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: values,
      ...(conditions.length > 0 && { FilterExpression: conditions.join(' AND ') }),
      ...(filter.action && { ExpressionAttributeNames: { '#action': 'action' } }),
    },
    page,
  );
}
