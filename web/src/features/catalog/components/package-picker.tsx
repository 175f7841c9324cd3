import { localized } from '../../../shared/i18n/content';
import { useFormat } from '../../../shared/i18n/format';
import { cn } from '../../../shared/lib/utils';
import { Card, CardContent, CardHeader } from '../../../shared/ui/card';
import type { Product } from '../api';
import { useT } from '../product/messages';
import { StepTitle } from './step-title';

/** Step 1: one radio per package; empty packages are disabled, low stock is announced. */
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
                    <span className="font-semibold">{localized(locale, v.name, v.name_bn)}</span>
                    <span className="mt-1 font-bold text-primary">{money(v.price)}</span>
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
