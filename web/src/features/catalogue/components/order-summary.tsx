import { formatTaka } from '@khelaghor/contract/taka';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../shared/ui/card';
import type { Product } from '../api';
import type { PlayerLookup } from '../hooks/use-player-lookup';

/** The order so far and the submit button (enabled once the account step is complete). */
export function OrderSummary({ variant, lookup }: { variant?: Product['variants'][number]; lookup: PlayerLookup }) {
  const who = lookup.player?.player_name ?? (lookup.lookupAvailable ? undefined : lookup.uid || undefined);
  return (
    <Card className="lg:sticky lg:top-20">
      <CardHeader>
        <CardTitle className="text-base">Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <dl className="space-y-1">
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Package</dt>
            <dd className="text-right font-medium">{variant?.name ?? '—'}</dd>
          </div>
          {lookup.needsUid && (
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground">{lookup.lookupAvailable ? 'Player' : 'Player UID'}</dt>
              <dd className="text-right font-medium">{who ?? '—'}</dd>
            </div>
          )}
          <div className="flex justify-between gap-2 border-t pt-2 text-base">
            <dt className="font-semibold">Total</dt>
            <dd className="font-bold text-primary">{variant ? formatTaka(variant.price) : '৳0.00'}</dd>
          </div>
        </dl>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={!lookup.complete}>
          Proceed to Payment
        </Button>
        {!lookup.complete && (
          <p className="text-center text-xs text-muted-foreground">
            {lookup.lookupAvailable ? 'Verify the Player UID to continue' : 'Type the Player UID twice to continue'}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
