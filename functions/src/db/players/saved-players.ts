import { BatchWriteCommand, DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { keys } from '../keys';
import { isConditionFailure, write, type Write } from '../transact';
import type { OrderItem } from '../../domain/model';
import { playerToSave, type SavedPlayerRecord } from '../../domain/players/saved-players';

/**
 * A buyer's saved players: one item per game and Player UID (and zone) under the user's partition
 * (`USER#<id>` / `PLAYER#<product>#<uid>#<zone>`), written by the transaction that completes an
 * order, so only a completed order saves one (docs/data-model.md, 'saved players').
 */

export type SavedPlayerItem = SavedPlayerRecord & { type: 'saved_player'; last_order_id: string };

/**
 * The write that remembers a completed order's player, in the order's own transaction: an update
 * with no condition, so it can never refuse the order; the name is kept when this order has none.
 */
export function savedPlayerWrites(
  table: string,
  order: Pick<OrderItem, 'id' | 'user_id'> & Partial<OrderItem>,
  now: string,
): Write[] {
  const player = playerToSave(order);
  if (!player) return [];
  const values: Record<string, unknown> = {
    ':type': 'saved_player',
    ':p': player.productId,
    ':u': player.uid,
    ':z': player.zone,
    ':now': now,
    ':o': order.id,
  };
  let set =
    '#type = :type, product_id = :p, player_uid = :u, player_zone = :z, last_used_at = :now, last_order_id = :o';
  if (player.name) {
    set += ', player_name = :n';
    values[':n'] = player.name;
  }
  return [
    write('saved_player', {
      Update: {
        TableName: table,
        Key: keys.savedPlayer(order.user_id, player.productId, player.uid, player.zone),
        UpdateExpression: `SET ${set}`,
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: values,
      },
    }),
  ];
}

/** Every saved player of a buyer (a few per game: the list forgets the older ones). */
export async function readSavedPlayers(db: Db, userId: string): Promise<SavedPlayerItem[]> {
  const out: SavedPlayerItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.user(userId), ':p': keys.savedPlayerPrefix() },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...((res.Items ?? []) as SavedPlayerItem[]));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/**
 * Delete saved players of a buyer (BatchWrite, 25 a call). Housekeeping: what DynamoDB leaves
 * unprocessed after a few rounds is left for the next list to forget.
 */
export async function forgetSavedPlayers(
  db: Db,
  userId: string,
  players: readonly SavedPlayerRecord[],
): Promise<void> {
  const pending = players.map((p) => ({
    DeleteRequest: { Key: keys.savedPlayer(userId, p.product_id, p.player_uid, p.player_zone) },
  }));
  for (let round = 0; pending.length && round < 10; round++) {
    const batch = pending.splice(0, 25);
    const res = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: batch } }));
    pending.push(...((res.UnprocessedItems?.[db.table] ?? []) as typeof pending));
  }
}

/** Delete one of the buyer's own saved players; false when they have no such player. */
export async function deleteSavedPlayer(
  db: Db,
  userId: string,
  player: { productId: string; uid: string; zone: string },
): Promise<boolean> {
  try {
    await db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.savedPlayer(userId, player.productId, player.uid, player.zone),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
