import { Plus } from 'lucide-react';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { call } from '../../../shared/api/client';
import { DeleteButton, useAdminMutation } from '../components/crud';
import { SectionCard } from '../components/kit';
import { notifyInfo } from '../lib/notify';
import { useAdminGet } from '../hooks/use-admin-queries';

export const SECTIONS_INFO = 'Categories are managed through the Products tab. Assign a category to a product to create a section.';

/** How the home page's 'By Category' view groups products: one section per category. */
export default function CategorySectionsSection() {
  const products = useAdminGet('adminListProducts', { errorPrefix: 'Failed to load categories' });
  const groups = new Map<string, string[]>();
  for (const p of [...(products.data?.items ?? [])].sort((a, b) => a.display_order - b.display_order)) {
    const key = p.category ?? '';
    groups.set(key, [...(groups.get(key) ?? []), p.name]);
  }
  const named = [...groups.entries()].filter(([c]) => c).sort(([a], [b]) => a.localeCompare(b));
  const other = groups.get('') ?? [];

  const remove = useAdminMutation((name: string) => call('adminRemoveCategory', { params: { name } }), {
    success: 'Category removed successfully',
    errorPrefix: 'Failed to delete category',
  });

  return (
    <SectionCard
      title="Category Sections"
      description="The home page's 'By Category' view shows one section per category, in this order."
      actions={
        <Button variant="outline" onClick={() => notifyInfo('Info', 'Categories are managed through the Products tab...')}>
          <Plus aria-hidden="true" /> Add Section
        </Button>
      }
    >
      <p className="mb-3 text-sm text-muted-foreground">{SECTIONS_INFO}</p>
      {products.isLoading ? (
        <p role="status">Loading…</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {named.map(([category, names]) => (
            <div key={category} className="rounded-md border p-3">
              <div className="mb-2 flex items-center justify-between gap-2">
                <h3 className="font-semibold uppercase">{category}</h3>
                <DeleteButton
                  label={`Remove section ${category}`}
                  confirmText="Remove"
                  disabled={remove.isPending}
                  confirmExtra={`Products in '${category}' will have no category.`}
                  onConfirm={() => remove.mutate(category)}
                />
              </div>
              <div className="flex flex-wrap gap-1">
                {names.map((n) => (
                  <Badge key={n} variant="secondary">
                    {n}
                  </Badge>
                ))}
              </div>
            </div>
          ))}
          {other.length > 0 && (
            <div className="rounded-md border border-dashed p-3">
              <h3 className="mb-2 font-semibold uppercase">Other Products</h3>
              <div className="flex flex-wrap gap-1">
                {other.map((n) => (
                  <Badge key={n} variant="outline">
                    {n}
                  </Badge>
                ))}
              </div>
            </div>
          )}
          {named.length === 0 && other.length === 0 && <p className="text-muted-foreground">No products yet</p>}
        </div>
      )}
    </SectionCard>
  );
}
