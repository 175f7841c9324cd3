import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { getItem } from '../batch-get';
import { keys } from '../keys';
import { writeIf } from '../transact';

/**
 * One item per message, `NOTICE#<notice id>`: the guard that sends each fact's message once, and
 * the record of what went to whom. A sender first takes it ('sending', with a lease), sends, then
 * marks it 'sent'; a failed send gives it back, so the retry sends. A lease that ran out (a
 * sender that died mid-send) may be taken again: at worst one message twice, never none.
 */
const LEASE_MS = 60_000;
/** Sent notices are kept for a year (the TTL attribute), long enough for any replay of the stream. */
const KEEP_SECONDS = 365 * 24 * 3600;

/** The notice item, when a sender has taken it (sending, sent or skipped). */
export const getNotice = (db: Db, id: string) => getItem<Record<string, unknown>>(db, keys.notice(id));

/** Take the notice to send it: false when it was sent (or is being sent) already. */
export function claimNotice(db: Db, id: string, now: Date): Promise<boolean> {
  return writeIf(() =>
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.notice(id),
          type: 'notice',
          id,
          state: 'sending',
          lease_until: now.getTime() + LEASE_MS,
          created_at: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (#state = :sending AND lease_until < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':sending': 'sending', ':now': now.getTime() },
      }),
    ),
  );
}

/** The notice went out: to whom, what, and the transport's message id. */
export const markNoticeSent = (
  db: Db,
  id: string,
  sent: { to: string[]; subject: string; messageId: string },
  now: Date,
) =>
  finishNotice(db, id, now, {
    state: 'sent',
    sent_to: sent.to,
    subject: sent.subject,
    message_id: sent.messageId,
    sent_at: now.toISOString(),
  });

/**
 * The mail service refused the message for good (clients/mail-rejection.ts): kept as failed with
 * the answer, and never sent again, so it no longer holds up the messages behind it.
 */
export const markNoticeFailed = (db: Db, id: string, why: string, now: Date) =>
  finishNotice(db, id, now, { state: 'failed', failed_because: why, failed_at: now.toISOString() });

/**
 * The provider gave no answer we can trust (an SMS timeout) and cannot be asked again safely (it
 * does not refuse a repeated reference): kept as unknown, never sent again by the notifier.
 */
export const markNoticeUnknown = (db: Db, id: string, why: string, now: Date) =>
  finishNotice(db, id, now, { state: 'unknown', unknown_because: why, unknown_at: now.toISOString() });

/** The notice needs no message (nobody to send to, or the buyer turned it off). */
export const markNoticeSkipped = (db: Db, id: string, why: string, now: Date) =>
  finishNotice(db, id, now, { state: 'skipped', skipped_because: why });

async function finishNotice(db: Db, id: string, now: Date, fields: Record<string, unknown>): Promise<void> {
  const all = { ...fields, ttl: Math.floor(now.getTime() / 1000) + KEEP_SECONDS };
  const names = Object.keys(all);
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.notice(id),
      UpdateExpression: `SET ${names.map((n, i) => `#f${i} = :f${i}`).join(', ')} REMOVE lease_until`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(
        names.map((n, i) => [`:f${i}`, all[n as keyof typeof all]]),
      ),
    }),
  );
}

/** Give a claimed notice back after a failed send, so the retry can send it. */
export async function releaseNotice(db: Db, id: string): Promise<void> {
  await writeIf(() =>
    db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.notice(id),
        ConditionExpression: '#state = :sending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':sending': 'sending' },
      }),
    ),
  );
}

/** Re-arm a one-at-a-time alert (low stock): the next crossing sends again. */
export async function forgetNotice(db: Db, id: string): Promise<void> {
  await writeIf(() =>
    db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.notice(id),
        ConditionExpression: '#state <> :sending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':sending': 'sending' },
      }),
    ),
  );
}
