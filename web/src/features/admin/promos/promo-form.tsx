import { CreatePromoBody, UpdatePromoBody, type AdminPromo } from '@khelaghor/contract/schemas/promos';
import type * as z from '@khelaghor/contract/zod';
import { isoToLocalInput, localInputToIso, parseTakaToPoisha, poishaToInput } from '../lib/format';
import { COUNT, FormField, KitForm, TAKA, useKitForm, WHEN } from '../form-kit';
import type { CrudFormProps } from '../components/crud';
import { IdPicker, type PickOption } from '../components/id-picker';
import { Field } from '../components/kit';
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
const promoInput = (v: PromoFormValues): PromoBody => {
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
export function PromoForm(
  props: CrudFormProps<PromoFormValues, PromoBody> & { products: PickOption[]; variants: PickOption[] },
) {
  const t = useT();
  const isEdit = Boolean(props.initial);
  const toBody = (values: PromoFormValues) => {
    const body = promoInput(values);
    if (!isEdit) return body;
    const { code: _code, ...rest } = body;
    return rest as PromoBody;
  };
  const schema = isEdit ? UpdatePromoBody : CreatePromoBody;
  const form = useKitForm(schema, props.initial ?? EMPTY, toBody, { id: 'promo', ...props });
  const v = form.values;
  const percent = v.discount_type === 'percent';
  const byProduct = v.scope_type === 'products';
  return (
    <KitForm form={form} submitText={isEdit ? t('updatePromo') : t('createPromo')} onValid={props.onSubmit}>
      <FormField
        form={form}
        name="code"
        label={t('codeLabel')}
        hint={isEdit ? t('codeFixedHint') : t('codeHint')}
        disabled={isEdit}
        maxLength={24}
        autoComplete="off"
        className="font-mono uppercase"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField form={form} name="discount_type" id="promo-type" label={t('discountType')} as="select">
          <option value="percent">{t('percentage')}</option>
          <option value="fixed">{t('fixedAmount')}</option>
        </FormField>
        <FormField
          form={form}
          name="discount_value"
          id="promo-value"
          label={percent ? t('discountPercent') : t('discountTaka')}
          type="number"
          inputMode={percent ? 'numeric' : 'decimal'}
          min={percent ? 1 : 0}
          max={percent ? 100 : undefined}
          step={percent ? 1 : 0.01}
        />
      </div>
      <FormField form={form} name="min_order" label={t('minOrder')} hint={t('minOrderHint')} {...TAKA} />
      <FormField
        form={form}
        name="scope_type"
        id="promo-scope"
        errorKey="scope"
        label={t('appliesTo')}
        as="select"
        onValue={() => form.set('scope_ids', [])}
      >
        <option value="all">{t('allPackages')}</option>
        <option value="products">{t('someProducts')}</option>
        <option value="variants">{t('somePackages')}</option>
      </FormField>
      {v.scope_type !== 'all' && (
        <Field
          id="promo-scope-ids"
          label={byProduct ? t('products') : t('packages')}
          error={form.errors['scope.ids']}
        >
          <IdPicker
            id="promo-scope-ids"
            noun={byProduct ? t('productsNoun') : t('packagesNoun')}
            options={byProduct ? props.products : props.variants}
            value={v.scope_ids}
            onChange={(ids) => form.set('scope_ids', ids)}
          />
        </Field>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField form={form} name="starts_at" label={t('starts')} hint={t('startsHint')} {...WHEN} />
        <FormField form={form} name="ends_at" label={t('ends')} hint={t('endsHint')} {...WHEN} />
        <FormField form={form} name="max_uses" label={t('totalUses')} hint={t('unlimitedHint')} {...COUNT} />
        <FormField
          form={form}
          name="max_uses_per_customer"
          label={t('usesPerCustomer')}
          hint={t('unlimitedHint')}
          {...COUNT}
        />
      </div>
      <FormField form={form} name="is_active" label={t('active')} as="checkbox" />
    </KitForm>
  );
}
