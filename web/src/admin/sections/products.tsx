import { ProductBody, type AdminProduct } from '@khelaghor/contract/schemas/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, call } from '../../lib/api';
import { Checkbox, DataTable, EmptyRow, Field, FormDialog, LoadingRows, SectionCard, THead } from '../components/kit';
import { confirmDelete, notifyError, notifySuccess } from '../lib/notify';
import { useAdminGet } from '../lib/queries';
import { useSchemaForm } from '../lib/schema-form';

export const GIFT_CARD = 'Gift Card';

export interface ProductFormValues extends Record<string, unknown> {
  name: string;
  description: string;
  category: string;
  image_url: string;
  is_active: boolean;
  display_order: string;
}

const empty: ProductFormValues = { name: '', description: '', category: '', image_url: '', is_active: true, display_order: '0' };

const toInput = (v: ProductFormValues) => ({
  name: v.name,
  description: v.description || null,
  category: v.category || null,
  image_url: v.image_url || null,
  is_active: v.is_active,
  display_order: v.display_order === '' ? 0 : Number(v.display_order),
});

export function ProductForm({
  initial,
  categories,
  pending,
  onSubmit,
  serverErrors,
}: {
  initial?: ProductFormValues;
  categories: string[];
  pending: boolean;
  onSubmit: (body: ReturnType<typeof toInput>) => void;
  serverErrors?: Record<string, string>;
}) {
  const form = useSchemaForm(ProductBody, initial ?? empty, toInput);
  const errors = { ...serverErrors, ...form.errors };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (body) onSubmit(body);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field id="product-name" label="Name" error={errors.name}>
        <Input id="product-name" value={form.values.name} aria-invalid={Boolean(errors.name)} onChange={(e) => form.set('name', e.target.value)} />
      </Field>
      <Field id="product-description" label="Description" error={errors.description}>
        <Textarea id="product-description" value={form.values.description} onChange={(e) => form.set('description', e.target.value)} />
      </Field>
      <Field id="product-category" label="Category" error={errors.category} hint="Choose an existing category or type a new one.">
        <Input id="product-category" list="product-categories" value={form.values.category} onChange={(e) => form.set('category', e.target.value)} />
        <datalist id="product-categories">
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </Field>
      <Field id="product-image" label="Image URL" error={errors.image_url}>
        <Input id="product-image" type="url" value={form.values.image_url} onChange={(e) => form.set('image_url', e.target.value)} />
      </Field>
      <Field id="product-order" label="Display order" error={errors.display_order}>
        <Input id="product-order" type="number" min={0} step={1} value={form.values.display_order} onChange={(e) => form.set('display_order', e.target.value)} />
      </Field>
      <Checkbox id="product-active" label="Active" checked={form.values.is_active} onChange={(e) => form.set('is_active', e.target.checked)} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : initial ? 'Update Product' : 'Create Product'}
      </Button>
    </form>
  );
}

export default function ProductsSection() {
  const products = useAdminGet('adminListProducts', { errorPrefix: 'Failed to load products' });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const items = [...(products.data?.items ?? [])].sort((a, b) => a.display_order - b.display_order);
  const categories = [...new Set(items.map((p) => p.category).filter((c): c is string => Boolean(c)))].sort();

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin'] });
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof toInput>) =>
      editing && editing !== 'new'
        ? call('adminUpdateProduct', { params: { id: editing.id }, body })
        : call('adminCreateProduct', { body }),
    onSuccess: () => {
      notifySuccess(editing && editing !== 'new' ? 'Product updated successfully' : 'Product created successfully');
      setEditing(null);
      refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setServerErrors(error.fields);
      notifyError(error);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => call('adminDeleteProduct', { params: { id } }),
    onSuccess: () => {
      notifySuccess('Product deleted successfully');
      refresh();
    },
    onError: (error) => notifyError(error),
  });

  const open = (p: AdminProduct | 'new') => {
    setServerErrors(undefined);
    setEditing(p);
  };

  return (
    <SectionCard
      title="Products"
      description={
        <>
          Note: Gift Card products (category '{GIFT_CARD}') can have voucher codes added directly in the Vouchers section.
        </>
      }
      actions={
        <Button onClick={() => open('new')}>
          <Plus aria-hidden="true" /> Add Product
        </Button>
      }
    >
      <DataTable>
        <THead columns={['Name', 'Category', 'Variants', 'Voucher Support', 'Status', 'Order', 'Actions']} />
        <tbody>
          {products.isLoading ? (
            <LoadingRows colSpan={7} />
          ) : items.length === 0 ? (
            <EmptyRow colSpan={7} text="No products yet" />
          ) : (
            items.map((p) => (
              <tr key={p.id} className="border-t" data-testid="product-row" data-name={p.name}>
                <td className="font-medium">{p.name}</td>
                <td>{p.category ?? <span className="text-muted-foreground">None</span>}</td>
                <td>{p.variant_count}</td>
                <td>{p.category === GIFT_CARD ? <Badge>Yes</Badge> : <span className="text-muted-foreground">No</span>}</td>
                <td>{p.is_active ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Inactive</Badge>}</td>
                <td>{p.display_order}</td>
                <td>
                  <div className="flex gap-1">
                    <Button size="icon" variant="ghost" aria-label={`Edit ${p.name}`} onClick={() => open(p)}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Delete ${p.name}`}
                      disabled={remove.isPending}
                      onClick={() => confirmDelete() && remove.mutate(p.id)}
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
      <FormDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} title={editing === 'new' ? 'Create Product' : 'Edit Product'}>
        {editing !== null && (
          <ProductForm
            key={editing === 'new' ? 'new' : editing.id}
            categories={categories}
            pending={save.isPending}
            serverErrors={serverErrors}
            onSubmit={(body) => save.mutate(body)}
            initial={
              editing === 'new'
                ? undefined
                : {
                    name: editing.name,
                    description: editing.description ?? '',
                    category: editing.category ?? '',
                    image_url: editing.image_url ?? '',
                    is_active: editing.is_active,
                    display_order: String(editing.display_order),
                  }
            }
          />
        )}
      </FormDialog>
    </SectionCard>
  );
}
