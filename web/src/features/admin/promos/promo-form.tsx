import { CreatePromoBody, UpdatePromoBody, type AdminPromo } from '@khelaghor/contract/schemas/promos';
import type { z } from 'zod';
import { Input } from '../../../shared/ui/input';
import { isoToLocalInput, localInputToIso, parseTakaToPoisha, poishaToInput } from '../lib/format';
import { useSchemaForm } from '../lib/schema-form';
import { CrudForm } from '../components/crud';
import { IdPicker, type PickOption } from '../components/id-picker';
import { Checkbox, Field, NativeSelect } from '../components/kit';
import { useT } from '../settings/messages';

export type PromoBody = z.input<typeof CreatePromoBody>;

export interface PromoFormValues extends Record<string, unknown> {
  code: string;
  discount_type: 'percent' | 'fixed';
  /** Percent as typed, or taka as typed ("50.00"). */
  discount_value: string;
  /** Taka as typed; empty is no minimum. */
  min_order: string;
  scope_type: 'all' | 'products' | 'variants';
  scope_ids: string[];
  /** `datetime-local` text; empty is no bound. */
  starts_at: string;
  ends_at: string;
  /** Whole numbers as typed; empty is unlimited. */
  max_uses: string;
  max_uses_per_customer: string;
  is_active: boolean;
}

const EMPTY: PromoFormValues = {
  code: '',
  discount_type: 'percent',
  discount_value: '',
  min_order: '',
  scope_type: 'all',
  scope_ids: [],
  starts_at: '',
  ends_at: '',
  max_uses: '',
  max_uses_per_customer: '',
  is_active: true,
};

export function promoFormValues(p: AdminPromo): PromoFormValues {
  return {
    code: p.code,
    discount_type: p.discount_type,
    discount_value:
      p.discount_type === 'percent' ? String(p.discount_value) : poishaToInput(p.discount_value),
    min_order: p.min_order ? poishaToInput(p.min_order) : '',
    scope_type: p.scope.type,
    scope_ids: p.scope.type === 'all' ? [] : p.scope.ids,
    starts_at: isoToLocalInput(p.starts_at),
    ends_at: isoToLocalInput(p.ends_at),
    max_uses: p.max_uses === null ? '' : String(p.max_uses),
    max_uses_per_customer: p.max_uses_per_customer === null ? '' : String(p.max_uses_per_customer),
    is_active: p.is_active,
  };
}

// What cannot be read stays text, so the schema answers with its own message under the field.
const wholeOrText = (text: string): unknown => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);
const takaOrText = (text: string): unknown => parseTakaToPoisha(text) ?? text;
const limit = (text: string): unknown => (text.trim() === '' ? null : wholeOrText(text));

/** Taka in the form, poisha on the wire; a percentage stays a whole number. */
export const promoInput = (v: PromoFormValues): PromoBody => {
  const value = v.discount_value.trim();
  const body = {
    code: v.code.trim().toUpperCase(),
    discount_type: v.discount_type,
    discount_value:
      value === '' ? undefined : v.discount_type === 'percent' ? wholeOrText(value) : takaOrText(value),
    min_order: v.min_order.trim() === '' ? 0 : takaOrText(v.min_order),
    scope: v.scope_type === 'all' ? { type: 'all' } : { type: v.scope_type, ids: v.scope_ids },
    starts_at: localInputToIso(v.starts_at),
    ends_at: localInputToIso(v.ends_at),
    max_uses: limit(v.max_uses),
    max_uses_per_customer: limit(v.max_uses_per_customer),
    is_active: v.is_active,
  };
  return body as PromoBody;
};

/** Create (every field) or edit (the code is fixed and not sent) one promo code. */
export function PromoForm({
  initial,
  products,
  variants,
  pending,
  onSubmit,
  serverErrors,
}: {
  initial?: PromoFormValues;
  products: PickOption[];
  variants: PickOption[];
  pending: boolean;
  onSubmit: (body: PromoBody) => void;
  serverErrors?: Record<string, string>;
}) {
  const t = useT();
  const isEdit = Boolean(initial);
  const form = useSchemaForm(isEdit ? UpdatePromoBody : CreatePromoBody, initial ?? EMPTY, (v) => {
    const body = promoInput(v);
    if (!isEdit) return body;
    const { code: _code, ...rest } = body;
    return rest as PromoBody;
  });
  const errors = { ...serverErrors, ...form.errors };
  const v = form.values;
  const percent = v.discount_type === 'percent';
  return (
    <CrudForm
      pending={pending}
      submitText={isEdit ? t('updatePromo') : t('createPromo')}
      onSubmit={() => form.submitTo(onSubmit)}
    >
      <Field
        id="promo-code"
        label={t('codeLabel')}
        error={errors.code}
        hint={isEdit ? t('codeFixedHint') : t('codeHint')}
      >
        <Input
          id="promo-code"
          value={v.code}
          disabled={isEdit}
          maxLength={24}
          autoComplete="off"
          className="font-mono uppercase"
          onChange={(e) => form.set('code', e.target.value)}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="promo-type" label={t('discountType')} error={errors.discount_type}>
          <NativeSelect
            id="promo-type"
            value={v.discount_type}
            onChange={(e) => form.set('discount_type', e.target.value as 'percent' | 'fixed')}
          >
            <option value="percent">{t('percentage')}</option>
            <option value="fixed">{t('fixedAmount')}</option>
          </NativeSelect>
        </Field>
        <Field
          id="promo-value"
          label={percent ? t('discountPercent') : t('discountTaka')}
          error={errors.discount_value}
        >
          <Input
            id="promo-value"
            type="number"
            inputMode={percent ? 'numeric' : 'decimal'}
            min={percent ? 1 : 0}
            max={percent ? 100 : undefined}
            step={percent ? 1 : 0.01}
            value={v.discount_value}
            onChange={(e) => form.set('discount_value', e.target.value)}
          />
        </Field>
      </div>
      <Field id="promo-min-order" label={t('minOrder')} error={errors.min_order} hint={t('minOrderHint')}>
        <Input
          id="promo-min-order"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={v.min_order}
          onChange={(e) => form.set('min_order', e.target.value)}
        />
      </Field>
      <Field id="promo-scope" label={t('appliesTo')} error={errors.scope}>
        <NativeSelect
          id="promo-scope"
          value={v.scope_type}
          onChange={(e) => {
            form.set('scope_type', e.target.value as PromoFormValues['scope_type']);
            form.set('scope_ids', []);
          }}
        >
          <option value="all">{t('allPackages')}</option>
          <option value="products">{t('someProducts')}</option>
          <option value="variants">{t('somePackages')}</option>
        </NativeSelect>
      </Field>
      {v.scope_type !== 'all' && (
        <Field
          id="promo-scope-ids"
          label={v.scope_type === 'products' ? t('products') : t('packages')}
          error={errors['scope.ids']}
        >
          <IdPicker
            id="promo-scope-ids"
            noun={v.scope_type === 'products' ? t('productsNoun') : t('packagesNoun')}
            options={v.scope_type === 'products' ? products : variants}
            value={v.scope_ids}
            onChange={(ids) => form.set('scope_ids', ids)}
          />
        </Field>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="promo-starts" label={t('starts')} error={errors.starts_at} hint={t('startsHint')}>
          <Input
            id="promo-starts"
            type="datetime-local"
            value={v.starts_at}
            onChange={(e) => form.set('starts_at', e.target.value)}
          />
        </Field>
        <Field id="promo-ends" label={t('ends')} error={errors.ends_at} hint={t('endsHint')}>
          <Input
            id="promo-ends"
            type="datetime-local"
            value={v.ends_at}
            onChange={(e) => form.set('ends_at', e.target.value)}
          />
        </Field>
        <Field id="promo-max-uses" label={t('totalUses')} error={errors.max_uses} hint={t('unlimitedHint')}>
          <Input
            id="promo-max-uses"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={v.max_uses}
            onChange={(e) => form.set('max_uses', e.target.value)}
          />
        </Field>
        <Field
          id="promo-max-per-customer"
          label={t('usesPerCustomer')}
          error={errors.max_uses_per_customer}
          hint={t('unlimitedHint')}
        >
          <Input
            id="promo-max-per-customer"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={v.max_uses_per_customer}
            onChange={(e) => form.set('max_uses_per_customer', e.target.value)}
          />
        </Field>
      </div>
      <Checkbox
        id="promo-active"
        label={t('active')}
        checked={v.is_active}
        onChange={(e) => form.set('is_active', e.target.checked)}
      />
    </CrudForm>
  );
}
