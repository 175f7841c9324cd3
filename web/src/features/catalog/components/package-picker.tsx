import { localized } from '../../../shared/i18n/content';
import { useFormat } from '../../../shared/i18n/format';
import { cn } from '../../../shared/lib/utils';
import { Badge } from '../../../shared/ui/badge';
import { Card, CardContent, CardHeader } from '../../../shared/ui/card';
import type { Product } from '../api';
import { useT } from '../product/messages';
import { StepTitle } from './step-title';

/** The server's badges: the lowest price per unit, the best seller of the last 7 days. */
function PackageBadges({ best, popular }: { best: boolean; popular: boolean }) {
  const t = useT();
  if (!best && !popular) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {best && (
        <Badge className="bg-green-700 px-2 text-[11px] text-white" data-testid="best-value">
          {t('bestValue')}
        </Badge>
      )}
      {popular && (
        <Badge className="bg-orange-600 px-2 text-[11px] text-white" data-testid="popular">
          {t('popular')}
        </Badge>
      )}
    </span>
  );
}

/**
 * Step 1: one radio per package; empty packages are disabled, low stock is announced. Each shows
 * the figures the server decided (price per unit, a gift card's face value, the badges).
 */
export function PackagePicker({
  variants,
  value,
  onChange,
}: {
  variants: Product['variants'];
  value: string | undefined;
  onChange: (variantId: string) => void;
}) {
  const t = useT();
  const { locale, money, number } = useFormat();
  return (
    <Card>
      <CardHeader>
        <StepTitle n={1}>{t('selectPackage')}</StepTitle>
      </CardHeader>
      <CardContent>
        {variants.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('noPackages')}</p>
        ) : (
          <fieldset>
            <legend className="sr-only">{t('package')}</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {variants.map((v) => {
                const out = v.stock <= 0;
                return (
                  <label
                    key={v.id}
                    className={cn(
                      'relative flex min-h-20 cursor-pointer flex-col justify-center rounded-lg border-2 p-3 text-sm',
                      'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      value === v.id
                        ? 'border-primary bg-accent'
                        : 'border-border bg-card hover:border-primary/50',
                      out && 'cursor-not-allowed opacity-50',
                    )}
                  >
                    <input
                      type="radio"
                      name="variant"
                      value={v.id}
                      checked={value === v.id}
                      disabled={out}
                      onChange={() => onChange(v.id)}
                      className="sr-only"
                    />
                    {/* The name first: it starts the radio's accessible name; the badges follow it. */}
                    <span className="font-semibold">{localized(locale, v.name, v.name_bn)}</span>
                    <PackageBadges best={v.best_value === true} popular={v.popular === true} />
                    <span className="mt-1 font-bold text-primary">{money(v.price)}</span>
                    {/* != null: an answer from before these fields (a cached one during a deploy) has none. */}
                    {v.face_value != null && (
                      <span className="text-xs text-muted-foreground" data-testid="face-value">
                        {t('cardFor', { face: money(v.face_value), price: money(v.price) })}
                      </span>
                    )}
                    {v.unit_price != null && v.unit_name && (
                      <span className="text-xs text-muted-foreground" data-testid="unit-price">
                        {t('perUnit', {
                          price: money(v.unit_price),
                          unit: localized(locale, v.unit_name, v.unit_name_bn),
                        })}
                      </span>
                    )}
                    {out ? (
                      <span className="mt-1 text-xs font-semibold text-red-700">{t('outOfStock')}</span>
                    ) : v.stock < 10 ? (
                      <span className="mt-1 text-xs font-medium text-orange-700">
                        {t('onlyLeft', { count: number(v.stock) })}
                      </span>
                    ) : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
