import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { call, errorMessage } from '../../../shared/api/client';
import { queryKey } from '../../../shared/api/query-keys';
import { useRemoveSavedPlayer, useSavedPlayers } from '../../../shared/api/saved-players';
import { localized } from '../../../shared/i18n/content';
import { useFormat } from '../../../shared/i18n/format';
import { Button } from '../../../shared/ui/button';
import { TitledCard } from '../../../shared/ui/card';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/sonner';
import { t, useT } from '../messages';

/**
 * The Player UIDs the account keeps per game (saved after each completed order, offered first on
 * the product page), each with Remove. Games are named from the catalogue (the home page's query).
 */
export function SavedPlayersCard() {
  const tr = useT();
  const { locale } = useFormat();
  const saved = useSavedPlayers();
  const catalog = useQuery({ queryKey: queryKey('getCatalog'), queryFn: () => call('getCatalog') });
  const remove = useRemoveSavedPlayer();
  const gameName = (id: string) => {
    const p = catalog.data?.products.find((x) => x.id === id);
    return p ? localized(locale, p.name, p.name_bn) : '';
  };
  // Grouped by game, in the order of each game's newest player.
  const games = [...new Set((saved.data ?? []).map((p) => p.product_id))];
  return (
    <TitledCard title={tr('savedPlayers')} className="space-y-3 text-sm">
      {saved.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : games.length === 0 ? (
        <p className="text-muted-foreground">{tr('savedPlayersEmpty')}</p>
      ) : (
        games.map((game) => (
          <section key={game} className="space-y-1" aria-label={gameName(game) || undefined}>
            <h3 className="font-semibold">{gameName(game) || '—'}</h3>
            <ul className="divide-y rounded-md border" data-testid="saved-player-list">
              {saved
                .data!.filter((p) => p.product_id === game)
                .map((p) => (
                  <li
                    key={`${p.player_uid}#${p.player_zone ?? ''}`}
                    className="flex items-center justify-between gap-2 px-3 py-2"
                  >
                    <span className="min-w-0">
                      <span className="block font-medium">{p.player_name || p.player_uid}</span>
                      <span className="block text-xs text-muted-foreground">
                        {[
                          p.player_name ? p.player_uid : '',
                          p.player_zone ? tr('zone', { zone: p.player_zone }) : '',
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </span>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={tr('removePlayerLabel', { uid: p.player_uid })}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(p, {
                          onSuccess: () => toast.success(t('playerRemoved')),
                          onError: (error) =>
                            toast.error(t('couldNotRemovePlayer'), { description: errorMessage(error) }),
                        })
                      }
                    >
                      <Trash2 aria-hidden="true" />
                      {tr('removePlayer')}
                    </Button>
                  </li>
                ))}
            </ul>
          </section>
        ))
      )}
    </TitledCard>
  );
}
