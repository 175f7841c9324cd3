import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { keys } from '../keys';
import { isConditionFailure } from '../transact';

/**
 * One item per message, `NOTICE#<notice id>`: the guard that sends each fact's message once, and
 * the record of what went to whom. A sender first takes it ('sending', with a lease), sends, then
 * marks it 'sent'; a failed send gives it back, so the retry sends. A lease that ran out (a
 * sender that died mid-send) may be taken again: at worst one message twice, never none.
 */
const LEASE_MS = 60_000;
/** Sent notices are kept for a year (the TTL attribute), long enough for any replay of the stream. */
const KEEP_SECONDS = 365 * 24 * 3600;

export type NoticeClaim = 'claimed' | 'done';

export async function claimNotice(db: Db, id: string, now: Date): Promise<NoticeClaim> {
  try {
    await db.doc.send(
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
    );
    return 'claimed';
  } catch (error) {
    if (isConditionFailure(error)) return 'done';
    throw error;
  }
}

export async function markNoticeSent(
  db: Db,
  id: string,
  sent: { to: string[]; subject: string; messageId: string },
  now: Date,
): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.notice(id),
      UpdateExpression:
        'SET #state = :sent, sent_to = :to, subject = :subject, message_id = :mid, sent_at = :at, #ttl = :ttl REMOVE lease_until',
      ExpressionAttributeNames: { '#state': 'state', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':sent': 'sent',
        ':to': sent.to,
        ':subject': sent.subject,
        ':mid': sent.messageId,
        ':at': now.toISOString(),
        ':ttl': Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
      },
    }),
  );
}

/** Record that a notice needs no message (nobody to send to, or the buyer turned it off). */
export async function markNoticeSkipped(db: Db, id: string, why: string, now: Date): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.notice(id),
      UpdateExpression: 'SET #state = :skipped, skipped_because = :why, #ttl = :ttl REMOVE lease_until',
      ExpressionAttributeNames: { '#state': 'state', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':skipped': 'skipped',
        ':why': why,
        ':ttl': Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
      },
    }),
  );
}

/** Give a claimed notice back after a failed send, so the retry can send it. */
export async function releaseNotice(db: Db, id: string): Promise<void> {
  await db.doc
    .send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.notice(id),
        ConditionExpression: '#state = :sending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':sending': 'sending' },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** Re-arm a one-at-a-time alert (low stock): the next crossing sends again. */
export async function forgetNotice(db: Db, id: string): Promise<boolean> {
  try {
    await db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.notice(id),
        ConditionExpression: '#state <> :sending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':sending': 'sending' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
