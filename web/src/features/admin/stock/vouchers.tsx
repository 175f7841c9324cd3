import { CODE_STATUSES, type CodeStatus } from '@khelaghor/contract/facts';
import { AddVoucherBody } from '@khelaghor/contract/schemas/catalog';
import { useMemo, useState, type FormEvent } from 'react';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { call } from '../../../shared/api/client';
import { BulkImport } from './bulk-import';
import { DeleteButton, useAdminMutation } from '../components/crud';
import {
  Field,
  ListTable,
  NativeSelect,
  Options,
  SectionCard,
  VariantSelect,
  type VariantOption,
} from '../components/kit';
import { formatDateTime } from '../lib/format';
import { useAdminGet, usePagedList } from '../hooks/use-admin-queries';
import { useSchemaForm } from '../lib/schema-form';
import { CODE_STATUS_TEXT } from '../lib/labels';
import { useLocale } from '../../../shared/i18n/i18n';
import { t, useT } from '../messages';

function AddVoucherForm({ variants }: { variants: VariantOption[] }) {
  const tr = useT();
  const form = useSchemaForm(AddVoucherBody, { variant_id: '', code: '' }, (v) => ({
    variant_id: v.variant_id,
    code: v.code,
  }));
  const add = useAdminMutation(
    (body: { variant_id: string; code: string }) => call('adminAddVoucher', { body }),
    {
      success: () => t('voucherAdded'),
      onSuccess: () => form.set('code', ''),
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.submitTo((body) => add.mutate(body));
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <Field id="voucher-variant" label={tr('variant')} error={form.errors.variant_id}>
        <VariantSelect
          id="voucher-variant"
          value={form.values.variant_id}
          onChange={(e) => form.set('variant_id', e.target.value)}
          variants={variants}
          placeholder={tr('selectVariant')}
        />
      </Field>
      <Field id="voucher-code" label={tr('code')} error={form.errors.code}>
        <Input
          id="voucher-code"
          className="font-mono"
          value={form.values.code}
          onChange={(e) => form.set('code', e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? tr('adding') : tr('addCode')}
      </Button>
    </form>
  );
}

function VoucherList({ variants }: { variants: VariantOption[] }) {
  const [status, setStatus] = useState<CodeStatus | ''>('');
  const [variantId, setVariantId] = useState('');
  const tr = useT();
  const query = useMemo(
    () => ({ ...(status && { status }), ...(variantId && { variant_id: variantId }) }),
    [status, variantId],
  );
  const list = usePagedList('adminListVouchers', query);
  const remove = useAdminMutation(
    (v: { variant_id: string; id: string }) => call('adminDeleteVoucher', { params: v }),
    {
      success: () => t('voucherDeleted'),
    },
  );
  return (
    <>
      <div className="mb-3 grid gap-2 sm:grid-cols-2">
        <VariantSelect
          aria-label={tr('filterByVariant')}
          value={variantId}
          onChange={(e) => setVariantId(e.target.value)}
          variants={variants}
          placeholder={tr('allVariants')}
        />
        <NativeSelect
          aria-label={tr('filterByStatus')}
          value={status}
          onChange={(e) => setStatus(e.target.value as CodeStatus | '')}
        >
          <option value="">{tr('allStatuses')}</option>
          <Options values={CODE_STATUSES} label={(s) => tr(CODE_STATUS_TEXT[s])} />
        </NativeSelect>
      </div>
      <ListTable
        columns={[
          tr('code'),
          tr('colVariant'),
          tr('colProduct'),
          tr('colStatus'),
          tr('colOrder'),
          tr('colCreated'),
          '',
        ]}
        list={list}
        empty={tr('noVoucherCodes')}
        row={(v) => (
          <tr key={v.id} className="border-t">
            <td className="font-mono">{v.code}</td>
            <td>{v.variant_name}</td>
            <td>{v.product_name}</td>
            <td>
              <Badge variant={v.status === 'available' ? 'default' : 'secondary'}>
                {tr(CODE_STATUS_TEXT[v.status])}
              </Badge>
            </td>
            <td className="font-mono">{v.order_id?.slice(0, 8)}</td>
            <td className="whitespace-nowrap">{formatDateTime(v.created_at)}</td>
            <td>
              {v.status === 'available' && (
                <DeleteButton
                  label={tr('deleteCode', { code: v.code })}
                  disabled={remove.isPending}
                  onConfirm={() => remove.mutate({ variant_id: v.variant_id, id: v.id })}
                />
              )}
            </td>
          </tr>
        )}
      />
    </>
  );
}

export default function VouchersSection() {
  const tr = useT();
  const variantsQuery = useAdminGet('adminListVariants', { errorPrefix: tr('failedLoadVariants') });
  const locale = useLocale();
  const variants = useMemo(
    () =>
      (variantsQuery.data?.items ?? [])
        .map((v) => ({
          id: v.id,
          label: t('variantOption', { product: v.product_name, variant: v.name, stock: v.stock }),
        }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    // The labels are in the page's language: made again on a switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [variantsQuery.data, locale],
  );
  return (
    <div className="flex flex-col gap-4">
      <SectionCard title={tr('addVoucherCode')} description={tr('addVoucherDescription')}>
        <AddVoucherForm variants={variants} />
      </SectionCard>
      <SectionCard title={tr('bulkImport')} description={tr('bulkImportDescription')}>
        <BulkImport variants={variants} />
      </SectionCard>
      <SectionCard title={tr('navVouchers')}>
        <VoucherList variants={variants} />
      </SectionCard>
    </div>
  );
}
