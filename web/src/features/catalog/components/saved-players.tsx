import type { SavedPlayer } from '../../../shared/api/saved-players';
import { cn } from '../../../shared/lib/utils';
import type { PlayerLookup } from '../hooks/use-player-lookup';
import { useT } from '../product/messages';

/**
 * The buyer's saved players of this game, offered before the UID field (DESIGN 12 'Regular
 * buyers'): one tap fills the UID and zone in (and verifies it where a lookup is configured); the
 * field below still takes a new one.
 */
export function SavedPlayerChoices({ players, lookup }: { players: SavedPlayer[]; lookup: PlayerLookup }) {
  const t = useT();
  if (!players.length) return null;
  return (
    <div className="space-y-2" data-testid="saved-players">
      <p className="text-sm font-medium" id="saved-players-title">
        {t('savedPlayers')}
      </p>
      <div className="flex flex-wrap gap-2" role="group" aria-labelledby="saved-players-title">
        {players.map((p) => {
          const zone = p.player_zone ?? '';
          const selected = lookup.uid === p.player_uid && (!lookup.needsZone || lookup.zone.trim() === zone);
          return (
            <button
              key={`${p.player_uid}#${zone}`}
              type="button"
              aria-pressed={selected}
              onClick={() => lookup.choose({ uid: p.player_uid, zone })}
              className={cn(
                'flex min-h-11 flex-col items-start justify-center rounded-lg border-2 px-3 py-1.5 text-left text-sm',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                selected ? 'border-primary bg-accent' : 'border-border bg-card hover:border-primary/50',
              )}
            >
              <span className="font-medium">{p.player_name || p.player_uid}</span>
              {(p.player_name || zone) && (
                <span className="text-xs text-muted-foreground">
                  {[p.player_name ? p.player_uid : '', zone ? `${lookup.zoneLabel} ${zone}` : '']
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <p className="text-xs text-muted-foreground">{t('savedPlayersHint')}</p>
    </div>
  );
}
