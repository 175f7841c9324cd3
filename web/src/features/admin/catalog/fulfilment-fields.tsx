import {
  FULFILMENT_KINDS,
  SUPPLIERS,
  type FulfilmentKind,
  type SupplierName,
} from '@khelaghor/contract/facts';
import type { VariantFulfilment } from '@khelaghor/contract/schemas/fulfilment';
import { FormField, type BoundForm } from '../form-kit';
import { useFulfilmentT } from './messages';

/** The variant form's fulfilment fields as typed (flat: one form value per field). */
export interface FulfilmentFormValues {
  fulfilment_kind: FulfilmentKind;
  /** '' when none. */
  supplier: SupplierName | '';
  supplier_product_id: string;
  game_code: string;
}

export const emptyFulfilment: FulfilmentFormValues = {
  fulfilment_kind: 'stock',
  supplier: '',
  supplier_product_id: '',
  game_code: '',
};

/** A saved variant's setting as form values. */
export const fulfilmentValues = (f: VariantFulfilment): FulfilmentFormValues => ({
  fulfilment_kind: f.kind,
  supplier: f.supplier ?? '',
  supplier_product_id: f.supplier_product_id ?? '',
  game_code: f.game_code ?? '',
});

/** The body's `fulfilment` (the contract checks what each kind needs). */
export const fulfilmentInput = (v: FulfilmentFormValues) => ({
  kind: v.fulfilment_kind,
  supplier: v.supplier || null,
  supplier_product_id: v.supplier_product_id || null,
  game_code: v.game_code || null,
});

/**
 * What fulfils the variant's orders (issue 31, docs/suppliers.md): stock codes (optionally backed
 * by a supplier's voucher), a supplier's voucher or top-up, or an operator. The schema's messages
 * come under `fulfilment.<field>`: each field shows its own.
 */
export function FulfilmentFields<V extends Record<string, unknown> & FulfilmentFormValues>({
  form,
}: {
  form: BoundForm<V>;
}) {
  const tr = useFulfilmentT();
  const kind = form.values.fulfilment_kind;
  return (
    <fieldset className="space-y-3 rounded-md border p-3" data-testid="variant-fulfilment">
      <FormField
        form={form}
        name="fulfilment_kind"
        label={tr('fulfilmentKind')}
        as="select"
        errorKey="fulfilment.kind"
      >
        {FULFILMENT_KINDS.map((k) => (
          <option key={k} value={k}>
            {tr(`kind_${k}`)}
          </option>
        ))}
      </FormField>
      {kind === 'operator' ? (
        <p className="text-sm text-muted-foreground">{tr('operatorHint')}</p>
      ) : (
        <>
          {kind === 'stock' && <p className="text-sm text-muted-foreground">{tr('justInTimeHint')}</p>}
          <FormField
            form={form}
            name="supplier"
            label={tr('supplier')}
            as="select"
            errorKey="fulfilment.supplier"
          >
            <option value="">{tr('noSupplier')}</option>
            {SUPPLIERS.map((s) => (
              <option key={s} value={s}>
                {s === 'unipin' ? 'UniPin' : 'MooGold'}
              </option>
            ))}
          </FormField>
          <FormField
            form={form}
            name="supplier_product_id"
            label={tr('supplierProductId')}
            hint={tr('supplierProductIdHint')}
            errorKey="fulfilment.supplier_product_id"
          />
          {kind !== 'supplier_voucher' && (
            <FormField
              form={form}
              name="game_code"
              label={tr('gameCode')}
              hint={tr('gameCodeHint', { moogoldCode: 'free-fire' })}
              errorKey="fulfilment.game_code"
            />
          )}
        </>
      )}
    </fieldset>
  );
}
