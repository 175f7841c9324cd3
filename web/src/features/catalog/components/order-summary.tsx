import { localized } from '../../../shared/i18n/content';
import { useFormat } from '../../../shared/i18n/format';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../shared/ui/card';
import type { Product } from '../api';
import type { PlayerLookup } from '../hooks/use-player-lookup';
import { useT } from '../product/messages';

/** The order so far and the submit button (enabled once the account step is complete). */
export function OrderSummary({
  variant,
  lookup,
}: {
  variant?: Product['variants'][number];
  lookup: PlayerLookup;
}) {
  const t = useT();
  const { locale, money, number } = useFormat();
  const who = lookup.player?.player_name ?? (lookup.lookupAvailable ? undefined : lookup.uid || undefined);
  return (
    <Card className="lg:sticky lg:top-20">
      <CardHeader>
        <CardTitle className="text-base">{t('orderSummary')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <dl className="space-y-1">
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">{t('package')}</dt>
            <dd className="text-right font-medium">
              {variant ? localized(locale, variant.name, variant.name_bn) : '—'}
            </dd>
          </div>
          {variant && (
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground">{t('youGet')}</dt>
              <dd className="text-right font-medium" data-testid="you-get">
                {variant.delivery === 'game_account'
                  ? t('youGetTopup', { minutes: number(variant.delivery_minutes ?? 0) })
                  : t('youGetCode')}
              </dd>
            </div>
          )}
          {lookup.needsUid && (
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground">
                {lookup.lookupAvailable ? t('player') : t('playerUid')}
              </dt>
              <dd className="text-right font-medium">{who ?? '—'}</dd>
            </div>
          )}
          <div className="flex justify-between gap-2 border-t pt-2 text-base">
            <dt className="font-semibold">{t('total')}</dt>
            <dd className="font-bold text-primary">{money(variant ? variant.price : 0)}</dd>
          </div>
        </dl>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={!lookup.complete}>
          {t('proceed')}
        </Button>
        {!lookup.complete && (
          <p className="text-center text-xs text-muted-foreground">
            {lookup.lookupAvailable ? t('verifyToContinue') : t('typeTwiceToContinue')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
