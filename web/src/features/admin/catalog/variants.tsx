import { VariantBody, type AdminVariant } from '@khelaghor/contract/schemas/catalog';
import type { Job } from '@khelaghor/contract/schemas/jobs';
import { useCallback, useState } from 'react';
import { Badge } from '../../../shared/ui/badge';
import { Input } from '../../../shared/ui/input';
import { Textarea } from '../../../shared/ui/textarea';
import { call } from '../../../shared/api/client';
import { AddButton, CrudDialog, CrudForm, RowActions, useAdminMutation, useCrud } from '../components/crud';
import { JobProgress } from '../components/job-progress';
import { Checkbox, Field, ListTable, NativeSelect, SectionCard } from '../components/kit';
import { formatDateTime, formatTaka, parseTakaToPoisha, poishaToInput } from '../lib/format';
import { useAdminGet } from '../hooks/use-admin-queries';
import { useSchemaForm } from '../lib/schema-form';
import { t, useT } from '../messages';

/** Spec: more than 10 default, 1 to 10 secondary, 0 destructive. */
export function stockBadge(stock: number): 'default' | 'secondary' | 'destructive' {
  if (stock > 10) return 'default';
  if (stock >= 1) return 'secondary';
  return 'destructive';
}

export interface VariantFormValues extends Record<string, unknown> {
  product_id: string;
  name: string;
  description: string;
  /** Bangla name and description (empty: the shop shows the English ones in Bangla too). */
  name_bn: string;
  description_bn: string;
  /** Taka, as typed ("199.50"). */
  price: string;
  is_active: boolean;
}

/** Taka text -> poisha; what cannot be read stays text so the schema reports 'Please enter a valid price'. */
export const variantInput = (v: VariantFormValues) => {
  const price: unknown = v.price.trim() === '' ? undefined : (parseTakaToPoisha(v.price) ?? v.price);
  return {
    product_id: v.product_id,
    name: v.name,
    description: v.description || null,
    name_bn: v.name_bn || null,
    description_bn: v.description_bn || null,
    price: price as number,
    is_active: v.is_active,
  };
};

export function VariantForm({
  initial,
  products,
  pending,
  onSubmit,
  serverErrors,
}: {
  initial?: VariantFormValues;
  products: Array<{ id: string; name: string }>;
  pending: boolean;
  onSubmit: (body: ReturnType<typeof variantInput>) => void;
  serverErrors?: Record<string, string>;
}) {
  const tr = useT();
  const form = useSchemaForm(
    VariantBody,
    initial ?? {
      product_id: '',
      name: '',
      description: '',
      name_bn: '',
      description_bn: '',
      price: '',
      is_active: true,
    },
    variantInput,
  );
  const errors = { ...serverErrors, ...form.errors };
  return (
    <CrudForm
      pending={pending}
      submitText={initial ? tr('updateVariant') : tr('createVariant')}
      onSubmit={() => form.submitTo(onSubmit)}
    >
      <Field id="variant-product" label={tr('colProduct')} error={errors.product_id}>
        <NativeSelect
          id="variant-product"
          value={form.values.product_id}
          onChange={(e) => form.set('product_id', e.target.value)}
        >
          <option value="">{tr('selectProduct')}</option>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="variant-name" label={tr('name')} error={errors.name}>
        <Input
          id="variant-name"
          value={form.values.name}
          onChange={(e) => form.set('name', e.target.value)}
        />
      </Field>
      <Field id="variant-description" label={tr('description')} error={errors.description}>
        <Textarea
          id="variant-description"
          value={form.values.description}
          onChange={(e) => form.set('description', e.target.value)}
        />
      </Field>
      <Field id="variant-name-bn" label={tr('nameBn')} error={errors.name_bn} hint={tr('bnHint')}>
        <Input
          id="variant-name-bn"
          lang="bn"
          value={form.values.name_bn}
          onChange={(e) => form.set('name_bn', e.target.value)}
        />
      </Field>
      <Field id="variant-description-bn" label={tr('descriptionBn')} error={errors.description_bn}>
        <Textarea
          id="variant-description-bn"
          lang="bn"
          value={form.values.description_bn}
          onChange={(e) => form.set('description_bn', e.target.value)}
        />
      </Field>
      <Field id="variant-price" label={tr('priceTaka')} error={errors.price}>
        <Input
          id="variant-price"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={form.values.price}
          onChange={(e) => form.set('price', e.target.value)}
        />
      </Field>
      <p className="text-sm text-muted-foreground">{tr('stockNotEditable')}</p>
      <Checkbox
        id="variant-active"
        label={tr('active')}
        checked={form.values.is_active}
        onChange={(e) => form.set('is_active', e.target.checked)}
      />
    </CrudForm>
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
      <ListTable
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
        row={(v) => (
          <tr key={v.id} className="border-t" data-testid="variant-row" data-name={v.name}>
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
              {v.is_active ? (
                <Badge variant="secondary">{tr('active')}</Badge>
              ) : (
                <Badge variant="outline">{tr('inactive')}</Badge>
              )}
            </td>
            <td className="whitespace-nowrap">{formatDateTime(v.created_at)}</td>
            <td>
              <RowActions
                name={v.name}
                onEdit={() => crud.open(v)}
                onDelete={() => remove.mutate(v.id)}
                deleting={remove.isPending}
                confirmExtra={tr('alsoDeletesCodes')}
              />
            </td>
          </tr>
        )}
      />
      <CrudDialog crud={crud}>
        {(v, form) => (
          <VariantForm
            {...form}
            products={productOptions}
            initial={
              v && {
                product_id: v.product_id,
                name: v.name,
                description: v.description ?? '',
                name_bn: v.name_bn ?? '',
                description_bn: v.description_bn ?? '',
                price: poishaToInput(v.price),
                is_active: v.is_active,
              }
            }
          />
        )}
      </CrudDialog>
    </SectionCard>
  );
}
