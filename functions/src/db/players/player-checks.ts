import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SupplierName } from '@khelaghor/contract/facts';
import type { Db } from '../client';
import { keys } from '../keys';

/**
 * A supplier's answer to a player check (the product page's Verify), kept PLAYER_CHECK_TTL_MS:
 * Verify pressed again asks nobody, and the order that follows finds UniPin's validation token
 * here (readPlayerCheck) instead of validating again.
 */
export interface PlayerCheckItem {
  supplier: SupplierName;
  /** The supplier's game: UniPin's game code, or the product id it was validated with. */
  game: string;
  player_uid: string;
  zone: string;
  /** null: the supplier said the player does not exist. */
  player_name: string | null;
  validation_token: string | null;
  checked_at: string;
  /** ISO: after this the answer is not used (the TTL deletes it later). */
  valid_until: string;
}

const PLAYER_CHECK_TTL_MS = 5 * 60_000;

export async function readPlayerCheck(
  db: Db,
  key: { supplier: SupplierName; game: string; playerUid: string; zone: string },
  now: Date,
): Promise<PlayerCheckItem | undefined> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.table,
      Key: keys.playerCheck(key.supplier, key.game, key.playerUid, key.zone),
    }),
  );
  const item = res.Item as PlayerCheckItem | undefined;
  // The TTL deletes late (up to days): an expired answer is ignored here.
  return item && item.valid_until > now.toISOString() ? item : undefined;
}

export async function writePlayerCheck(
  db: Db,
  check: Omit<PlayerCheckItem, 'checked_at' | 'valid_until'>,
  now: Date,
): Promise<void> {
  const until = new Date(now.getTime() + PLAYER_CHECK_TTL_MS);
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.playerCheck(check.supplier, check.game, check.player_uid, check.zone),
        type: 'player_check',
        ...check,
        checked_at: now.toISOString(),
        valid_until: until.toISOString(),
        ttl: Math.floor(until.getTime() / 1000) + 60,
      },
    }),
  );
}
