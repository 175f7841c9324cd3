import { PutResellerBody } from '@khelaghor/contract/schemas/reseller';
import type * as z from '@khelaghor/contract/zod';
import { Input } from '../../../shared/ui/input';
import { useFormat } from '../../../shared/i18n/format';
import { parseTakaToPoisha, poishaToInput } from '../lib/format';
import { useT } from '../settings/messages';
import { useSchemaForm } from '../lib/schema-form';
import { CrudForm } from '../components/crud';
import { Checkbox } from '../components/kit';

export type ResellerBody = z.input<typeof PutResellerBody>;

export interface ResellerFormValues extends Record<string, unknown> {
  is_active: boolean;
  /** variant id -> wholesale price in taka as typed (empty: none). */
  prices: Record<string, string>;
  /** product id -> whole percent as typed (empty: none). */
  product_discounts: Record<string, string>;
}

type ProductOption = { id: string; name: string };
type VariantOption = { id: string; product_id: string; name: string; price: number };

export function resellerFormValues(r?: {
  is_active: boolean;
  prices: Record<string, number>;
  product_discounts: Record<string, number>;
}): ResellerFormValues {
  if (!r) return { is_active: true, prices: {}, product_discounts: {} };
  return {
    is_active: r.is_active,
    prices: Object.fromEntries(Object.entries(r.prices).map(([id, p]) => [id, poishaToInput(p)])),
    product_discounts: Object.fromEntries(
      Object.entries(r.product_discounts).map(([id, d]) => [id, String(d)]),
    ),
  };
}

// Empty boxes are left out; what cannot be read stays text so the schema's message shows under it.
const filled = (record: Record<string, string>, read: (text: string) => unknown) =>
  Object.fromEntries(
    Object.entries(record)
      .filter(([, text]) => text.trim() !== '')
      .map(([id, text]) => [id, read(text.trim())]),
  );

/** Taka in the form, poisha on the wire; a discount is a whole percent. */
const resellerInput = (v: ResellerFormValues): ResellerBody =>
  ({
    is_active: v.is_active,
    prices: filled(v.prices, (t) => parseTakaToPoisha(t) ?? t),
    product_discounts: filled(v.product_discounts, (t) => (/^\d+$/.test(t) ? Number(t) : t)),
  }) as ResellerBody;

/**
 * A reseller's price list: per product an optional discount %, per package an optional wholesale
 * price, which wins over the product's discount (the server computes the price from these).
 */
export function ResellerPriceForm({
  initial,
  products,
  variants,
  pending,
  submitText,
  onSubmit,
  serverErrors,
}: {
  initial: ResellerFormValues;
  products: ProductOption[];
  variants: VariantOption[];
  pending: boolean;
  submitText: string;
  onSubmit: (body: ResellerBody) => void;
  serverErrors?: Record<string, string>;
}) {
  const t = useT();
  const { money } = useFormat();
  const form = useSchemaForm(PutResellerBody, initial, resellerInput);
  const errors = { ...serverErrors, ...form.errors };
  const setIn = (key: 'prices' | 'product_discounts', id: string, text: string) =>
    form.set(key, { ...form.values[key], [id]: text });
  return (
    <CrudForm pending={pending} submitText={submitText} onSubmit={() => form.submitTo(onSubmit)}>
      <Checkbox
        id="reseller-active"
        label={t('resellerActive')}
        checked={form.values.is_active}
        onChange={(e) => form.set('is_active', e.target.checked)}
      />
      <p className="text-sm text-muted-foreground">{t('priceListHint')}</p>
      <div className="flex max-h-[28rem] flex-col gap-3 overflow-y-auto">
        {products.map((p) => (
          <fieldset key={p.id} className="rounded-md border p-3" data-testid="reseller-price-product">
            <legend className="px-1 text-sm font-semibold">{p.name}</legend>
            <label className="flex items-center justify-between gap-3 text-sm">
              <span>{t('discountPercentFor', { name: p.name })}</span>
              <Input
                className="w-24"
                type="number"
                inputMode="numeric"
                min={1}
                max={90}
                step={1}
                aria-invalid={errors[`product_discounts.${p.id}`] ? true : undefined}
                value={form.values.product_discounts[p.id] ?? ''}
                onChange={(e) => setIn('product_discounts', p.id, e.target.value)}
              />
            </label>
            <FieldError text={errors[`product_discounts.${p.id}`]} />
            <ul className="mt-2 flex flex-col gap-2">
              {variants
                .filter((v) => v.product_id === p.id)
                .map((v) => (
                  <li key={v.id}>
                    <label className="flex items-center justify-between gap-3 text-sm">
                      <span className="min-w-0">
                        <span className="sr-only">{t('wholesalePriceOf')} </span>
                        {v.name} <span className="text-xs text-muted-foreground">({money(v.price)})</span>
                      </span>
                      <Input
                        className="w-28"
                        type="number"
                        inputMode="decimal"
                        min={0}
                        step={0.01}
                        placeholder="৳"
                        aria-invalid={errors[`prices.${v.id}`] ? true : undefined}
                        value={form.values.prices[v.id] ?? ''}
                        onChange={(e) => setIn('prices', v.id, e.target.value)}
                      />
                    </label>
                    <FieldError text={errors[`prices.${v.id}`]} />
                  </li>
                ))}
            </ul>
          </fieldset>
        ))}
      </div>
    </CrudForm>
  );
}

function FieldError({ text }: { text?: string }) {
  return text ? (
    <p role="alert" className="text-sm text-destructive">
      {text}
    </p>
  ) : null;
}
