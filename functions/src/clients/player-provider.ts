import type { PlayerInfo, PlayerLookupProvider } from '@khelaghor/contract/schemas/players';

/**
 * Where player names come from, chosen in API Setup (db/players/lookup-config.ts): the spec's
 * simulation for the local demo, or none; a real game API (or a top-up partner's lookup endpoint)
 * plugs in here without touching the handler or the UI.
 */
export interface PlayerProvider {
  readonly name: string;
  /** Returns undefined when the game says the UID does not exist. */
  lookup(playerUid: string, productId?: string): Promise<Omit<PlayerInfo, 'provider'> | undefined>;
}

const FIRST = [
  'Shadow',
  'Blaze',
  'Tiger',
  'Storm',
  'Royal',
  'Ghost',
  'Falcon',
  'Cobra',
  'Nova',
  'Rapid',
  'Silent',
  'Bengal',
];
const SECOND = [
  'Hunter',
  'King',
  'Sniper',
  'Rider',
  'Warrior',
  'Legend',
  'Striker',
  'Ninja',
  'Wolf',
  'Gamer',
  'Boss',
  'Ace',
];
const RANKS = ['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Heroic', 'Grandmaster'];

/** FNV-1a: a stable small hash, so the same UID always gets the same made-up player. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The spec's simulated lookup: 5 or more digits find a deterministic made-up player. */
export const simulatedProvider: PlayerProvider = {
  name: 'simulation',
  async lookup(playerUid) {
    if (!/^\d{5,}$/.test(playerUid)) return undefined;
    const h = hash(playerUid);
    const first = FIRST[h % FIRST.length]!;
    const second = SECOND[(h >>> 8) % SECOND.length]!;
    return {
      player_uid: playerUid,
      player_name: `${first}${second}${playerUid.slice(-3)}`,
      level: 10 + ((h >>> 16) % 71),
      rank: RANKS[(h >>> 4) % RANKS.length]!,
    };
  },
};

/**
 * The provider API Setup chose, or undefined for 'none': with no provider the shop never shows a
 * name (the buyer confirms the UID by typing it twice instead). A real game API is added here.
 */
export function playerProvider(name: PlayerLookupProvider): PlayerProvider | undefined {
  return name === 'simulation' ? simulatedProvider : undefined;
}
