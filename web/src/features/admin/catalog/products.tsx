import { ProductBody, type AdminProduct } from '@khelaghor/contract/schemas/catalog';
import { Badge } from '../../../shared/ui/badge';
import { call } from '../../../shared/api/client';
import { AddButton, type CrudFormProps, useCrud } from '../components/crud';
import { CrudTable } from '../components/crud-table';
import { FormField, KitForm, ORDER, useKitForm, valuesFrom } from '../form-kit';
import { NameFields } from './name-fields';
import { ActiveBadge, SectionCard } from '../components/kit';
import { useAdminGet } from '../hooks/use-admin-queries';
import { useT } from '../messages';
import { emptyKind, kindInput, kindValues, ProductKindFields, type KindFormValues } from './products-kind';

const GIFT_CARD = 'Gift Card';

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

export function ProductForm(
  props: CrudFormProps<ProductFormValues, ReturnType<typeof toInput>> & { categories: string[] },
) {
  const tr = useT();
  const form = useKitForm(ProductBody, props.initial ?? empty, toInput, { id: 'product', ...props });
  return (
    <KitForm
      form={form}
      submitText={props.initial ? tr('updateProduct') : tr('createProduct')}
      onValid={props.onSubmit}
    >
      <NameFields form={form} />
      <FormField
        form={form}
        name="category"
        label={tr('category')}
        hint={tr('categoryHint')}
        suggestions={props.categories}
      />
      <FormField form={form} name="image_url" id="product-image" label={tr('imageUrl')} type="url" />
      <FormField form={form} name="display_order" label={tr('displayOrder')} {...ORDER} />
      <ProductKindFields form={form} />
      <FormField form={form} name="is_active" label={tr('active')} as="checkbox" />
    </KitForm>
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
      <CrudTable
        crud={crud}
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
        name={(p) => p.name}
        rowProps={(p) => ({ 'data-testid': 'product-row', 'data-name': p.name })}
        cells={(p) => (
          <>
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
              <ActiveBadge active={p.is_active} t={tr} />
            </td>
            <td>{p.display_order}</td>
          </>
        )}
        form={(p, form) => (
          <ProductForm
            {...form}
            categories={categories}
            initial={p && { ...valuesFrom(p, empty), ...kindValues(p) }}
          />
        )}
      />
    </SectionCard>
  );
}
