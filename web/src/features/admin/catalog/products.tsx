import { ProductBody, type AdminProduct } from '@khelaghor/contract/schemas/catalog';
import { Badge } from '../../../shared/ui/badge';
import { Input } from '../../../shared/ui/input';
import { Textarea } from '../../../shared/ui/textarea';
import { call } from '../../../shared/api/client';
import { AddButton, CrudDialog, CrudForm, RowActions, useCrud } from '../components/crud';
import { Checkbox, Field, ListTable, SectionCard } from '../components/kit';
import { useAdminGet } from '../hooks/use-admin-queries';
import { useSchemaForm } from '../lib/schema-form';
import { useT } from '../messages';
import { emptyKind, kindInput, kindValues, ProductKindFields, type KindFormValues } from './products-kind';

export const GIFT_CARD = 'Gift Card';

export interface ProductFormValues extends Record<string, unknown>, KindFormValues {
  name: string;
  description: string;
  /** Bangla name and description (empty: the shop shows the English ones in Bangla too). */
  name_bn: string;
  description_bn: string;
  category: string;
  image_url: string;
  is_active: boolean;
  display_order: string;
}

const empty: ProductFormValues = {
  name: '',
  description: '',
  name_bn: '',
  description_bn: '',
  category: '',
  image_url: '',
  is_active: true,
  display_order: '0',
  ...emptyKind,
};

const toInput = (v: ProductFormValues) => ({
  name: v.name,
  description: v.description || null,
  name_bn: v.name_bn || null,
  description_bn: v.description_bn || null,
  category: v.category || null,
  image_url: v.image_url || null,
  is_active: v.is_active,
  display_order: v.display_order === '' ? 0 : Number(v.display_order),
  ...kindInput(v),
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
  const tr = useT();
  const form = useSchemaForm(ProductBody, initial ?? empty, toInput);
  const errors = { ...serverErrors, ...form.errors };
  return (
    <CrudForm
      pending={pending}
      submitText={initial ? tr('updateProduct') : tr('createProduct')}
      onSubmit={() => form.submitTo(onSubmit)}
    >
      <Field id="product-name" label={tr('name')} error={errors.name}>
        <Input
          id="product-name"
          value={form.values.name}
          aria-invalid={Boolean(errors.name)}
          onChange={(e) => form.set('name', e.target.value)}
        />
      </Field>
      <Field id="product-description" label={tr('description')} error={errors.description}>
        <Textarea
          id="product-description"
          value={form.values.description}
          onChange={(e) => form.set('description', e.target.value)}
        />
      </Field>
      <Field id="product-name-bn" label={tr('nameBn')} error={errors.name_bn} hint={tr('bnHint')}>
        <Input
          id="product-name-bn"
          lang="bn"
          value={form.values.name_bn}
          onChange={(e) => form.set('name_bn', e.target.value)}
        />
      </Field>
      <Field id="product-description-bn" label={tr('descriptionBn')} error={errors.description_bn}>
        <Textarea
          id="product-description-bn"
          lang="bn"
          value={form.values.description_bn}
          onChange={(e) => form.set('description_bn', e.target.value)}
        />
      </Field>
      <Field id="product-category" label={tr('category')} error={errors.category} hint={tr('categoryHint')}>
        <Input
          id="product-category"
          list="product-categories"
          value={form.values.category}
          onChange={(e) => form.set('category', e.target.value)}
        />
        <datalist id="product-categories">
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </Field>
      <Field id="product-image" label={tr('imageUrl')} error={errors.image_url}>
        <Input
          id="product-image"
          type="url"
          value={form.values.image_url}
          onChange={(e) => form.set('image_url', e.target.value)}
        />
      </Field>
      <Field id="product-order" label={tr('displayOrder')} error={errors.display_order}>
        <Input
          id="product-order"
          type="number"
          min={0}
          step={1}
          value={form.values.display_order}
          onChange={(e) => form.set('display_order', e.target.value)}
        />
      </Field>
      <ProductKindFields
        values={form.values}
        set={(key, value) => form.set(key, value as ProductFormValues[typeof key])}
        errors={errors}
      />
      <Checkbox
        id="product-active"
        label={tr('active')}
        checked={form.values.is_active}
        onChange={(e) => form.set('is_active', e.target.checked)}
      />
    </CrudForm>
  );
}

export default function ProductsSection() {
  const tr = useT();
  const products = useAdminGet('adminListProducts', { errorPrefix: tr('failedLoadProducts') });
  const crud = useCrud<AdminProduct, ReturnType<typeof toInput>>({
    noun: tr('productNoun'),
    create: (body) => call('adminCreateProduct', { body }),
    update: (id, body) => call('adminUpdateProduct', { params: { id }, body }),
    remove: (id) => call('adminDeleteProduct', { params: { id } }),
  });
  const items = [...(products.data?.items ?? [])].sort((a, b) => a.display_order - b.display_order);
  const categories = [...new Set(items.map((p) => p.category).filter((c): c is string => Boolean(c)))].sort();

  return (
    <SectionCard
      title={tr('navProducts')}
      description={tr('productsNote', { category: GIFT_CARD })}
      actions={<AddButton onClick={() => crud.open('new')}>{tr('addProduct')}</AddButton>}
    >
      <ListTable
        columns={[
          tr('colName'),
          tr('colCategory'),
          tr('navVariants'),
          tr('colVoucherSupport'),
          tr('colStatus'),
          tr('colSortOrder'),
          tr('colActions'),
        ]}
        loading={products.isLoading}
        items={items}
        empty={tr('noProductsYet')}
        row={(p) => (
          <tr key={p.id} className="border-t" data-testid="product-row" data-name={p.name}>
            <td className="font-medium">
              {p.name}
              {p.name_bn && (
                <div lang="bn" className="text-xs font-normal text-muted-foreground">
                  {p.name_bn}
                </div>
              )}
            </td>
            <td>{p.category ?? <span className="text-muted-foreground">{tr('none')}</span>}</td>
            <td>{p.variant_count}</td>
            <td>
              {p.category === GIFT_CARD ? (
                <Badge>{tr('yes')}</Badge>
              ) : (
                <span className="text-muted-foreground">{tr('no')}</span>
              )}
            </td>
            <td>
              {p.is_active ? (
                <Badge variant="secondary">{tr('active')}</Badge>
              ) : (
                <Badge variant="outline">{tr('inactive')}</Badge>
              )}
            </td>
            <td>{p.display_order}</td>
            <td>
              <RowActions
                name={p.name}
                onEdit={() => crud.open(p)}
                onDelete={() => crud.remove.mutate(p.id)}
                deleting={crud.remove.isPending}
              />
            </td>
          </tr>
        )}
      />
      <CrudDialog crud={crud}>
        {(p, form) => (
          <ProductForm
            {...form}
            categories={categories}
            initial={
              p && {
                name: p.name,
                description: p.description ?? '',
                name_bn: p.name_bn ?? '',
                description_bn: p.description_bn ?? '',
                category: p.category ?? '',
                image_url: p.image_url ?? '',
                is_active: p.is_active,
                display_order: String(p.display_order),
                ...kindValues(p),
              }
            }
          />
        )}
      </CrudDialog>
    </SectionCard>
  );
}
