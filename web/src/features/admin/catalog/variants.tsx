import { VariantBody, type AdminVariant } from '@khelaghor/contract/schemas/catalog';
import type { Job } from '@khelaghor/contract/schemas/jobs';
import { useCallback, useState } from 'react';
import { Badge } from '../../../shared/ui/badge';
import { call } from '../../../shared/api/client';
import { AddButton, type CrudFormProps, useAdminMutation, useCrud } from '../components/crud';
import { CrudTable } from '../components/crud-table';
import { COUNT, FormField, KitForm, TAKA, useKitForm, valuesFrom } from '../form-kit';
import { NameFields } from './name-fields';
import {
  emptyFulfilment,
  FulfilmentFields,
  fulfilmentInput,
  fulfilmentValues,
  type FulfilmentFormValues,
} from './fulfilment-fields';
import { JobProgress } from '../components/job-progress';
import { ActiveBadge, SectionCard } from '../components/kit';
import { formatDateTime, formatTaka, parseTakaToPoisha, poishaToInput } from '../lib/format';
import { useAdminGet } from '../hooks/use-admin-queries';
import { t, useT } from '../messages';

/** Spec: more than 10 default, 1 to 10 secondary, 0 destructive. */
export function stockBadge(stock: number): 'default' | 'secondary' | 'destructive' {
  if (stock > 10) return 'default';
  if (stock >= 1) return 'secondary';
  return 'destructive';
}

export interface VariantFormValues extends Record<string, unknown>, FulfilmentFormValues {
  product_id: string;
  name: string;
  description: string;
  /** Bangla name and description (empty: the shop shows the English ones in Bangla too). */
  name_bn: string;
  description_bn: string;
  /** Taka, as typed ("199.50"). */
  price: string;
  /** What the package gives (empty: not counted in units / no face value). */
  units: string;
  unit_name: string;
  unit_name_bn: string;
  /** Taka, as typed. */
  face_value: string;
  is_active: boolean;
}

const emptyVariant: VariantFormValues = {
  product_id: '',
  name: '',
  description: '',
  name_bn: '',
  description_bn: '',
  price: '',
  units: '',
  unit_name: '',
  unit_name_bn: '',
  face_value: '',
  ...emptyFulfilment,
  is_active: true,
};

/** Taka text -> poisha; what cannot be read stays text so the schema reports 'Please enter a valid price'. */
export const variantInput = (v: VariantFormValues) => {
  const price: unknown = v.price.trim() === '' ? undefined : (parseTakaToPoisha(v.price) ?? v.price);
  // Empty is none; what is not a number stays text so the schema says what is wrong.
  const units: unknown =
    v.units.trim() === '' ? null : Number.isFinite(Number(v.units)) ? Number(v.units) : v.units;
  const face: unknown = v.face_value.trim() === '' ? null : (parseTakaToPoisha(v.face_value) ?? v.face_value);
  return {
    product_id: v.product_id,
    name: v.name,
    description: v.description || null,
    name_bn: v.name_bn || null,
    description_bn: v.description_bn || null,
    price: price as number,
    units: units as number | null,
    unit_name: v.unit_name || null,
    unit_name_bn: v.unit_name_bn || null,
    face_value: face as number | null,
    fulfilment: fulfilmentInput(v),
    is_active: v.is_active,
  };
};

export function VariantForm(
  props: CrudFormProps<VariantFormValues, ReturnType<typeof variantInput>> & {
    products: Array<{ id: string; name: string }>;
  },
) {
  const tr = useT();
  const form = useKitForm(VariantBody, props.initial ?? emptyVariant, variantInput, {
    id: 'variant',
    ...props,
  });
  return (
    <KitForm
      form={form}
      submitText={props.initial ? tr('updateVariant') : tr('createVariant')}
      onValid={props.onSubmit}
    >
      <FormField form={form} name="product_id" id="variant-product" label={tr('colProduct')} as="select">
        <option value="">{tr('selectProduct')}</option>
        {props.products.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </FormField>
      <NameFields form={form} />
      <FormField form={form} name="price" label={tr('priceTaka')} {...TAKA} />
      <FormField
        form={form}
        name="units"
        label={tr('variantUnits')}
        hint={tr('variantUnitsHint')}
        {...COUNT}
      />
      <FormField form={form} name="unit_name" label={tr('variantUnitName')} />
      <FormField form={form} name="unit_name_bn" label={tr('variantUnitNameBn')} />
      <FormField
        form={form}
        name="face_value"
        label={tr('faceValueTaka')}
        hint={tr('faceValueHint')}
        {...TAKA}
      />
      <FulfilmentFields form={form} />
      <p className="text-sm text-muted-foreground">{tr('stockNotEditable')}</p>
      <FormField form={form} name="is_active" label={tr('active')} as="checkbox" />
    </KitForm>
  );
}

export default function VariantsSection() {
  const tr = useT();
  const variants = useAdminGet('adminListVariants', { errorPrefix: tr('failedLoadVariants') });
  const products = useAdminGet('adminListProducts', { errorPrefix: tr('failedLoadProducts') });
  const crud = useCrud<AdminVariant, ReturnType<typeof variantInput>>({
    noun: tr('variantNoun'),
    create: (body) => call('adminCreateVariant', { body }),
    update: (id, body) => call('adminUpdateVariant', { params: { id }, body }),
    remove: (id) => call('adminDeleteVariant', { params: { id } }),
  });
  // A variant with many codes is deleted in the background (202 with a job): show its progress.
  const [jobs, setJobs] = useState<Job[]>([]);
  const remove = useAdminMutation((id: string) => call('adminDeleteVariant', { params: { id } }), {
    success: (_id, res) => (res.job ? t('deletingInBackground') : t('variantDeleted')),
    onSuccess: (_id, res) => {
      const job = res.job;
      if (job) setJobs((all) => [...all.filter((j) => j.id !== job.id), job]);
    },
  });
  const endJob = useCallback((job: Job) => setJobs((all) => all.filter((j) => j.id !== job.id)), []);
  const productOptions = [...(products.data?.items ?? [])]
    .map((p) => ({ id: p.id, name: p.name }))
    .sort((a, b) => a.name.localeCompare(b.name));

  return (
    <SectionCard
      title={tr('navVariants')}
      description={tr('variantsDescription')}
      actions={<AddButton onClick={() => crud.open('new')}>{tr('addVariant')}</AddButton>}
    >
      {jobs.map((job) => (
        <JobProgress key={job.id} initial={job} successText={tr('variantDeleted')} onEnd={endJob} />
      ))}
      <CrudTable
        crud={crud}
        columns={[
          tr('colProduct'),
          tr('colVariant'),
          tr('colPrice'),
          tr('colStock'),
          tr('navVouchers'),
          tr('colStatus'),
          tr('colCreated'),
          tr('colActions'),
        ]}
        loading={variants.isLoading}
        items={variants.data?.items ?? []}
        empty={tr('noVariantsYet')}
        name={(v) => v.name}
        rowProps={(v) => ({ 'data-testid': 'variant-row', 'data-name': v.name })}
        remove={remove}
        confirmExtra={tr('alsoDeletesCodes')}
        cells={(v) => (
          <>
            <td>{v.product_name}</td>
            <td className="font-medium">
              {v.name}
              {v.name_bn && (
                <div lang="bn" className="text-xs font-normal text-muted-foreground">
                  {v.name_bn}
                </div>
              )}
            </td>
            <td>{formatTaka(v.price)}</td>
            <td>
              <Badge variant={stockBadge(v.stock)} data-testid="variant-stock">
                {v.stock}
              </Badge>
            </td>
            <td>{v.voucher_count}</td>
            <td>
              <ActiveBadge active={v.is_active} t={tr} />
            </td>
            <td className="whitespace-nowrap">{formatDateTime(v.created_at)}</td>
          </>
        )}
        form={(v, form) => (
          <VariantForm
            {...form}
            products={productOptions}
            initial={
              v && {
                ...valuesFrom(v, emptyVariant),
                price: poishaToInput(v.price),
                face_value: v.face_value === null ? '' : poishaToInput(v.face_value),
                ...fulfilmentValues(v.fulfilment),
              }
            }
          />
        )}
      />
    </SectionCard>
  );
}
