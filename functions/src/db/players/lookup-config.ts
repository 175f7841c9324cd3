import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { PLAYER_LOOKUP_PROVIDERS, type PlayerLookupProvider } from '@khelaghor/contract/schemas/players';
import type { Db } from '../client';
import { keys } from '../keys';

/** The player lookup provider chosen in API Setup (server-only CONFIG partition). */
export interface PlayerLookupSetting {
  provider: PlayerLookupProvider;
  updated_at: string | null;
}

/** No item (a fresh AWS shop): no provider, so the shop never invents a player name. */
const NO_PLAYER_LOOKUP: PlayerLookupSetting = { provider: 'none', updated_at: null };

export async function readPlayerLookup(db: Db): Promise<PlayerLookupSetting> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.playerLookup() }));
  const provider = res.Item?.provider as PlayerLookupProvider | undefined;
  if (!provider || !PLAYER_LOOKUP_PROVIDERS.includes(provider)) return NO_PLAYER_LOOKUP;
  return { provider, updated_at: res.Item?.updated_at ? String(res.Item.updated_at) : null };
}

export async function writePlayerLookup(
  db: Db,
  provider: PlayerLookupProvider,
  now: string,
): Promise<PlayerLookupSetting> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.playerLookup(), type: 'player_lookup_config', provider, updated_at: now },
    }),
  );
  return { provider, updated_at: now };
}
