import type { PlayerInfo } from '@khelaghor/contract/schemas/players';
import type { SupplierName } from '@khelaghor/contract/facts';
import type { Db } from '../../db/client';
import type { VariantItem } from '../../db/catalog/catalog-items';
import { readPlayerCheck, writePlayerCheck, type PlayerCheckItem } from '../../db/players/player-checks';
import { fulfilmentOf } from '../../domain/fulfilment/variant-fulfilment';
import type { Supplier } from '../../clients/suppliers/supplier';

/** What a supplier's check needs from the product: one of its top-ups by that supplier. */
export interface SupplierGame {
  /** The supplier's product / denomination id of a top-up package of the product. */
  productId: string;
  /** UniPin's game code (MooGold checks by product id). */
  gameCode?: string;
}

/**
 * The product's top-up packages by `supplier` give the game the supplier checks the player in;
 * none (the product is not fulfilled by that supplier): the supplier cannot check, undefined.
 */
export function supplierGameOf(variants: VariantItem[], supplier: SupplierName): SupplierGame | undefined {
  for (const v of variants) {
    const f = fulfilmentOf(v);
    if (
      v.is_active !== false &&
      f.kind === 'supplier_topup' &&
      f.supplier === supplier &&
      f.supplier_product_id
    )
      return { productId: f.supplier_product_id, gameCode: f.game_code ?? undefined };
  }
  return undefined;
}

/** The key a check is kept under: the game (UniPin's code, else the product id), the UID, the zone. */
const checkKey = (supplier: SupplierName, game: SupplierGame, playerUid: string, zone: string) => ({
  supplier,
  game: game.gameCode ?? game.productId,
  playerUid,
  zone,
});

export type SupplierCheck =
  | { found: true; player: Omit<PlayerInfo, 'provider'>; validationToken: string | null }
  | { found: false }
  /** The supplier has no check for this game, or did not answer: the buyer types the UID twice. */
  | { found: 'unavailable'; why: string };

const fromItem = (item: PlayerCheckItem): SupplierCheck =>
  item.player_name === null
    ? { found: false }
    : {
        found: true,
        player: { player_uid: item.player_uid, player_name: item.player_name, level: null, rank: null },
        validationToken: item.validation_token,
      };

/**
 * The supplier's validate call behind Verify, its answer kept 5 minutes (a found player with its
 * validation token, or "no such player"). An unknown outcome or a refusal other than "no such
 * player" is not kept: the next Verify asks again.
 */
export async function checkPlayerWithSupplier(
  deps: { db: Db; supplier: Supplier; now: () => Date },
  input: { game: SupplierGame; playerUid: string; zone: string },
): Promise<SupplierCheck> {
  const { db, supplier } = deps;
  const key = checkKey(supplier.name, input.game, input.playerUid, input.zone);
  const cached = await readPlayerCheck(db, key, deps.now());
  if (cached) return fromItem(cached);
  const outcome = await supplier.validatePlayer({
    productId: input.game.productId,
    gameCode: input.game.gameCode,
    playerUid: input.playerUid,
    zoneId: input.zone || undefined,
  });
  if (outcome.kind === 'unknown') return { found: 'unavailable', why: outcome.why };
  if (outcome.kind === 'refused' && outcome.reason === 'not_supported')
    return { found: 'unavailable', why: 'not_supported' };
  const item = {
    supplier: supplier.name,
    game: key.game,
    player_uid: input.playerUid,
    zone: input.zone,
    player_name: outcome.kind === 'done' ? outcome.value.playerName : null,
    validation_token: outcome.kind === 'done' ? (outcome.value.validationToken ?? null) : null,
  };
  // Only a player found or "not found" (UniPin 410, MooGold invalid_player) is an answer about the
  // player; any other refusal (a bad token, our product id) says nothing about them.
  if (outcome.kind === 'refused' && !isNoSuchPlayer(outcome.code))
    return { found: 'unavailable', why: outcome.reason };
  await writePlayerCheck(db, item, deps.now());
  return fromItem({ ...item, checked_at: '', valid_until: '' });
}

const isNoSuchPlayer = (code: string | undefined) => code === '410' || code === 'invalid_player';

/**
 * For the order that follows a Verify: the supplier's fresh check of this player (with UniPin's
 * validation token), or undefined when there is none younger than 5 minutes.
 */
export async function freshPlayerCheck(
  db: Db,
  input: {
    supplier: SupplierName;
    gameCode: string | null;
    productId: string;
    playerUid: string;
    zone: string;
  },
  now: Date,
): Promise<{ playerName: string; validationToken: string | null } | undefined> {
  const item = await readPlayerCheck(
    db,
    {
      supplier: input.supplier,
      game: input.gameCode ?? input.productId,
      playerUid: input.playerUid,
      zone: input.zone,
    },
    now,
  );
  return item?.player_name
    ? { playerName: item.player_name, validationToken: item.validation_token }
    : undefined;
}
