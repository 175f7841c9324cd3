import { formatTaka } from '@khelaghor/contract/taka';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../shared/ui/card';
import type { Player, Product } from '../api';

/** The order so far and the submit button (enabled once the player is verified). */
export function OrderSummary({
  variant,
  player,
}: {
  variant?: Product['variants'][number];
  player?: Player;
}) {
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
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Player</dt>
            <dd className="text-right font-medium">{player?.player_name ?? '—'}</dd>
          </div>
          <div className="flex justify-between gap-2 border-t pt-2 text-base">
            <dt className="font-semibold">Total</dt>
            <dd className="font-bold text-primary">{variant ? formatTaka(variant.price) : '৳0.00'}</dd>
          </div>
        </dl>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={!player}>
          Proceed to Payment
        </Button>
        {!player && (
          <p className="text-center text-xs text-muted-foreground">Verify the Player UID to continue</p>
        )}
      </CardContent>
    </Card>
  );
}
