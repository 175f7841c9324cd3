import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import { isConditionFailure, write, type Write } from '../transact';
import type { OrderItem } from '../../domain/model';
import { playerToSave, type SavedPlayerRecord } from '../../domain/players/saved-players';

/**
 * A buyer's saved players: one item per game and Player UID (and zone) under the user's partition
 * (`USER#<id>` / `PLAYER#<product>#<uid>#<zone>`), written by the transaction that completes an
 * order, so only a completed order saves one (docs/data-model.md, 'saved players').
 */

export type SavedPlayerItem = SavedPlayerRecord & { type: 'saved_player'; last_order_id: string };

/** A saved player not used for a year goes by itself (the table's TTL): the account stays bounded. */
const KEEP_SECONDS = 365 * 86_400;

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
    ':ttl': Math.floor(Date.parse(now) / 1000) + KEEP_SECONDS,
  };
  let set =
    '#type = :type, product_id = :p, player_uid = :u, player_zone = :z, last_used_at = :now, last_order_id = :o, #ttl = :ttl';
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
        ExpressionAttributeNames: { '#type': 'type', '#ttl': 'ttl' },
        ExpressionAttributeValues: values,
      },
    }),
  ];
}

/** Every saved player of a buyer (those used in the last year: older ones expire). */
export function readSavedPlayers(db: Db, userId: string): Promise<SavedPlayerItem[]> {
  return queryAll<SavedPlayerItem>(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.user(userId), ':p': keys.savedPlayerPrefix() },
  });
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
