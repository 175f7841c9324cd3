import { Plus } from 'lucide-react';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { call } from '../../../shared/api/client';
import { DeleteButton, useAdminMutation } from '../components/crud';
import { SectionCard } from '../components/kit';
import { notifyInfo } from '../lib/notify';
import { useAdminGet } from '../hooks/use-admin-queries';
import { t, useT } from '../messages';

/** How the home page's 'By Category' view groups products: one section per category. */
export default function CategorySectionsSection() {
  const tr = useT();
  const products = useAdminGet('adminListProducts', { errorPrefix: tr('failedLoadCategories') });
  const groups = new Map<string, string[]>();
  for (const p of [...(products.data?.items ?? [])].sort((a, b) => a.display_order - b.display_order)) {
    const key = p.category ?? '';
    groups.set(key, [...(groups.get(key) ?? []), p.name]);
  }
  const named = [...groups.entries()].filter(([c]) => c).sort(([a], [b]) => a.localeCompare(b));
  const other = groups.get('') ?? [];

  const remove = useAdminMutation((name: string) => call('adminRemoveCategory', { params: { name } }), {
    success: () => t('categoryRemoved'),
    errorPrefix: tr('failedDeleteCategory'),
  });

  return (
    <SectionCard
      title={tr('navCategorySections')}
      description={tr('sectionsDescription')}
      actions={
        <Button variant="outline" onClick={() => notifyInfo(t('info'), t('sectionsInfoShort'))}>
          <Plus aria-hidden="true" /> {tr('addSection')}
        </Button>
      }
    >
      <p className="mb-3 text-sm text-muted-foreground">{tr('sectionsInfo')}</p>
      {products.isLoading ? (
        <p role="status">{tr('loading')}</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {named.map(([category, names]) => (
            <div key={category} className="rounded-md border p-3">
              <div className="mb-2 flex items-center justify-between gap-2">
                <h3 className="font-semibold uppercase">{category}</h3>
                <DeleteButton
                  label={tr('removeSection', { name: category })}
                  confirmText={tr('remove')}
                  disabled={remove.isPending}
                  confirmExtra={tr('noCategoryAfter', { name: category })}
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
              <h3 className="mb-2 font-semibold uppercase">{tr('otherProducts')}</h3>
              <div className="flex flex-wrap gap-1">
                {other.map((n) => (
                  <Badge key={n} variant="outline">
                    {n}
                  </Badge>
                ))}
              </div>
            </div>
          )}
          {named.length === 0 && other.length === 0 && (
            <p className="text-muted-foreground">{tr('noProductsYet')}</p>
          )}
        </div>
      )}
    </SectionCard>
  );
}
