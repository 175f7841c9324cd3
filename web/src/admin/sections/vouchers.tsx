import { AddVoucherBody, type CodeStatus } from '@khelaghor/contract/schemas/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { call } from '../../lib/api';
import { BulkImport } from '../components/bulk-import';
import { DataTable, EmptyRow, Field, LoadMore, LoadingRows, NativeSelect, SectionCard, THead } from '../components/kit';
import { formatDateTime } from '../lib/format';
import { confirmDelete, notifyError, notifySuccess } from '../lib/notify';
import { useAdminGet, usePagedList } from '../lib/queries';
import { useSchemaForm } from '../lib/schema-form';

const STATUSES: CodeStatus[] = ['available', 'reserved', 'delivered', 'used'];

export function AddVoucherForm({ variants }: { variants: Array<{ id: string; label: string }> }) {
  const form = useSchemaForm(AddVoucherBody, { variant_id: '', code: '' }, (v) => ({ variant_id: v.variant_id, code: v.code }));
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (body: { variant_id: string; code: string }) => call('adminAddVoucher', { body }),
    onSuccess: () => {
      notifySuccess('Voucher code added successfully');
      form.set('code', '');
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => notifyError(error),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (body) add.mutate(body);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <Field id="voucher-variant" label="Variant" error={form.errors.variant_id}>
        <NativeSelect id="voucher-variant" value={form.values.variant_id} onChange={(e) => form.set('variant_id', e.target.value)}>
          <option value="">Select a variant</option>
          {variants.map((v) => (
            <option key={v.id} value={v.id}>
              {v.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="voucher-code" label="Code" error={form.errors.code}>
        <Input id="voucher-code" className="font-mono" value={form.values.code} onChange={(e) => form.set('code', e.target.value)} />
      </Field>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add Code'}
      </Button>
    </form>
  );
}

function VoucherList({ variants }: { variants: Array<{ id: string; label: string }> }) {
  const [status, setStatus] = useState<CodeStatus | ''>('');
  const [variantId, setVariantId] = useState('');
  const query = useMemo(() => ({ ...(status && { status }), ...(variantId && { variant_id: variantId }) }), [status, variantId]);
  const list = usePagedList('adminListVouchers', query);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (v: { variant_id: string; id: string }) => call('adminDeleteVoucher', { params: v }),
    onSuccess: () => {
      notifySuccess('Voucher code deleted successfully');
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => notifyError(error),
  });
  return (
    <>
      <div className="mb-3 grid gap-2 sm:grid-cols-2">
        <NativeSelect aria-label="Filter by variant" value={variantId} onChange={(e) => setVariantId(e.target.value)}>
          <option value="">All variants</option>
          {variants.map((v) => (
            <option key={v.id} value={v.id}>
              {v.label}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label="Filter by status" value={status} onChange={(e) => setStatus(e.target.value as CodeStatus | '')}>
          <option value="">All statuses</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
      </div>
      <DataTable>
        <THead columns={['Code', 'Variant', 'Product', 'Status', 'Order', 'Created', '']} />
        <tbody>
          {list.isLoading ? (
            <LoadingRows colSpan={7} />
          ) : list.items.length === 0 ? (
            <EmptyRow colSpan={7} text="No voucher codes" />
          ) : (
            list.items.map((v) => (
              <tr key={v.id} className="border-t">
                <td className="font-mono">{v.code}</td>
                <td>{v.variant_name}</td>
                <td>{v.product_name}</td>
                <td>
                  <Badge variant={v.status === 'available' ? 'default' : 'secondary'}>{v.status}</Badge>
                </td>
                <td className="font-mono">{v.order_id?.slice(0, 8)}</td>
                <td className="whitespace-nowrap">{formatDateTime(v.created_at)}</td>
                <td>
                  {v.status === 'available' && (
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Delete code ${v.code}`}
                      disabled={remove.isPending}
                      onClick={() => confirmDelete() && remove.mutate({ variant_id: v.variant_id, id: v.id })}
                    >
                      <Trash2 aria-hidden="true" className="text-destructive" />
                    </Button>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
    </>
  );
}

export default function VouchersSection() {
  const variantsQuery = useAdminGet('adminListVariants', { errorPrefix: 'Failed to load variants' });
  const variants = useMemo(
    () =>
      (variantsQuery.data?.items ?? [])
        .map((v) => ({ id: v.id, label: `${v.product_name} – ${v.name} (stock ${v.stock})` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [variantsQuery.data],
  );
  return (
    <div className="flex flex-col gap-4">
      <SectionCard title="Add Voucher Code" description="Each code can exist only once in the whole shop.">
        <AddVoucherForm variants={variants} />
      </SectionCard>
      <SectionCard title="Bulk Import" description="Thousands of codes at once, sent in chunks of 1,000.">
        <BulkImport variants={variants} />
      </SectionCard>
      <SectionCard title="Vouchers">
        <VoucherList variants={variants} />
      </SectionCard>
    </div>
  );
}
