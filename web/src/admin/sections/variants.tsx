import { VariantBody, type AdminVariant } from '@khelaghor/contract/schemas/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, call } from '../../lib/api';
import { Checkbox, DataTable, EmptyRow, Field, FormDialog, LoadingRows, NativeSelect, SectionCard, THead } from '../components/kit';
import { formatDateTime, formatTaka, parseTakaToPoisha, poishaToInput } from '../lib/format';
import { confirmDelete, notifyError, notifySuccess } from '../lib/notify';
import { useAdminGet } from '../lib/queries';
import { useSchemaForm } from '../lib/schema-form';

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
  const form = useSchemaForm(
    VariantBody,
    initial ?? { product_id: '', name: '', description: '', price: '', is_active: true },
    variantInput,
  );
  const errors = { ...serverErrors, ...form.errors };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (body) onSubmit(body);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field id="variant-product" label="Product" error={errors.product_id}>
        <NativeSelect id="variant-product" value={form.values.product_id} onChange={(e) => form.set('product_id', e.target.value)}>
          <option value="">Select a product</option>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="variant-name" label="Name" error={errors.name}>
        <Input id="variant-name" value={form.values.name} onChange={(e) => form.set('name', e.target.value)} />
      </Field>
      <Field id="variant-description" label="Description" error={errors.description}>
        <Textarea id="variant-description" value={form.values.description} onChange={(e) => form.set('description', e.target.value)} />
      </Field>
      <Field id="variant-price" label="Price (৳)" error={errors.price}>
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
      <p className="text-sm text-muted-foreground">Stock is not editable: it is the number of available voucher codes (add them in Vouchers).</p>
      <Checkbox id="variant-active" label="Active" checked={form.values.is_active} onChange={(e) => form.set('is_active', e.target.checked)} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : initial ? 'Update Variant' : 'Create Variant'}
      </Button>
    </form>
  );
}

export default function VariantsSection() {
  const variants = useAdminGet('adminListVariants', { errorPrefix: 'Failed to load variants' });
  const products = useAdminGet('adminListProducts', { errorPrefix: 'Failed to load products' });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminVariant | 'new' | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const productOptions = [...(products.data?.items ?? [])]
    .map((p) => ({ id: p.id, name: p.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const items = variants.data?.items ?? [];

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof variantInput>) =>
      editing && editing !== 'new'
        ? call('adminUpdateVariant', { params: { id: editing.id }, body })
        : call('adminCreateVariant', { body }),
    onSuccess: () => {
      notifySuccess(editing && editing !== 'new' ? 'Variant updated successfully' : 'Variant created successfully');
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setServerErrors(error.fields);
      notifyError(error);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => call('adminDeleteVariant', { params: { id } }),
    onSuccess: () => {
      notifySuccess('Variant deleted successfully');
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => notifyError(error),
  });
  const open = (v: AdminVariant | 'new') => {
    setServerErrors(undefined);
    setEditing(v);
  };

  return (
    <SectionCard
      title="Variants"
      description="Packages of each product. Stock is the number of available voucher codes."
      actions={
        <Button onClick={() => open('new')}>
          <Plus aria-hidden="true" /> Add Variant
        </Button>
      }
    >
      <DataTable>
        <THead columns={['Product', 'Variant', 'Price', 'Stock', 'Vouchers', 'Status', 'Created', 'Actions']} />
        <tbody>
          {variants.isLoading ? (
            <LoadingRows colSpan={8} />
          ) : items.length === 0 ? (
            <EmptyRow colSpan={8} text="No variants yet" />
          ) : (
            items.map((v) => (
              <tr key={v.id} className="border-t" data-testid="variant-row" data-name={v.name}>
                <td>{v.product_name}</td>
                <td className="font-medium">{v.name}</td>
                <td>{formatTaka(v.price)}</td>
                <td>
                  <Badge variant={stockBadge(v.stock)} data-testid="variant-stock">
                    {v.stock}
                  </Badge>
                </td>
                <td>{v.voucher_count}</td>
                <td>{v.is_active ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Inactive</Badge>}</td>
                <td className="whitespace-nowrap">{formatDateTime(v.created_at)}</td>
                <td>
                  <div className="flex gap-1">
                    <Button size="icon" variant="ghost" aria-label={`Edit ${v.name}`} onClick={() => open(v)}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Delete ${v.name}`}
                      disabled={remove.isPending}
                      onClick={() => confirmDelete('This will also delete associated voucher codes.') && remove.mutate(v.id)}
                    >
                      <Trash2 aria-hidden="true" className="text-destructive" />
                    </Button>
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      <FormDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} title={editing === 'new' ? 'Create Variant' : 'Edit Variant'}>
        {editing !== null && (
          <VariantForm
            key={editing === 'new' ? 'new' : editing.id}
            products={productOptions}
            pending={save.isPending}
            serverErrors={serverErrors}
            onSubmit={(body) => save.mutate(body)}
            initial={
              editing === 'new'
                ? undefined
                : {
                    product_id: editing.product_id,
                    name: editing.name,
                    description: editing.description ?? '',
                    price: poishaToInput(editing.price),
                    is_active: editing.is_active,
                  }
            }
          />
        )}
      </FormDialog>
    </SectionCard>
  );
}
