import type { CatalogProduct } from '@khelaghor/contract/schemas/catalog';
import { SearchX } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { localized } from '../../../shared/i18n/content';
import { useLocale } from '../../../shared/i18n/i18n';
import type { Locale } from '../../../shared/i18n/locale';
import { cn } from '../../../shared/lib/utils';
import { buttonVariants } from '../../../shared/ui/button-variants';
import { useT } from '../messages';
import { searchProducts } from '../search-products';
import { ProductCard, ProductCardSkeleton } from './product-card';
import { ProductSearch } from './product-search';

const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5';

/**
 * Groups by category (products without one go last, under `otherTitle`: 'Other Products'), each
 * titled by the category's Bangla name on the Bangla page when the admin gave one.
 */
function groupByCategory(
  products: CatalogProduct[],
  locale: Locale,
  otherTitle = 'Other Products',
): Array<{ key: string; title: string; products: CatalogProduct[] }> {
  const groups = new Map<string, CatalogProduct[]>();
  const other: CatalogProduct[] = [];
  for (const p of products) {
    const category = p.category?.trim();
    if (!category) other.push(p);
    else groups.set(category, [...(groups.get(category) ?? []), p]);
  }
  const out = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, items]) => ({
      key: category,
      title: localized(locale, category.toUpperCase(), items[0]?.category_bn),
      products: items,
    }));
  if (other.length) out.push({ key: '', title: otherTitle, products: other });
  return out;
}

function ProductList({ products }: { products: CatalogProduct[] }) {
  return (
    <ul className={cn(grid, 'mt-4')}>
      {products.map((p) => (
        <li key={p.id}>
          <ProductCard product={p} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The games grid with its search: the text filters the products already loaded (names in both
 * languages, category, packages); the filtering follows the typing in the background so keys never wait.
 */
export function ProductSection({
  products,
  loading,
  query = '',
  onQueryChange = () => undefined,
}: {
  products: CatalogProduct[];
  loading?: boolean;
  query?: string;
  onQueryChange?: (query: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [view, setView] = useState<'all' | 'category'>('category');
  const searched = useDeferredValue(query.trim());
  const shown = useMemo(() => searchProducts(products, searched), [products, searched]);

  return (
    <section id="products" aria-labelledby="products-heading" className="scroll-mt-16">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="products-heading" className="text-xl font-bold">
          {t('products')}
        </h2>
        <ProductSearch
          value={query}
          onChange={onQueryChange}
          className="order-last basis-full sm:order-none sm:max-w-sm sm:flex-1 sm:basis-auto"
        />
        <div role="group" aria-label={t('productView')} className="inline-flex rounded-md bg-muted p-1">
          {(
            [
              ['all', t('allProducts')],
              ['category', t('byCategory')],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={view === value}
              onClick={() => setView(value)}
              className={cn(
                'rounded-sm px-3 py-1.5 text-sm font-medium',
                view === value ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <p className="sr-only" role="status">
        {searched && !loading ? t('gamesFound', { count: shown.length }) : ''}
      </p>

      {loading ? (
        <div className={cn(grid, 'mt-4')}>
          {Array.from({ length: 10 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : products.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {t('noProducts')}
        </p>
      ) : shown.length === 0 ? (
        <div
          className="mt-4 flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center"
          data-testid="search-empty"
        >
          <SearchX className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">{t('noMatch', { query: searched })}</p>
          <button
            type="button"
            className={buttonVariants({ variant: 'outline' })}
            onClick={() => onQueryChange('')}
          >
            {t('clearSearch')}
          </button>
        </div>
      ) : view === 'all' ? (
        <ProductList products={shown} />
      ) : (
        groupByCategory(shown, locale, t('otherProducts')).map((group) => (
          <div key={group.key} className="mt-4 sm:mt-6">
            <h3 className="mb-3 border-l-4 border-primary pl-2 text-base font-bold tracking-wide">
              {group.title}
            </h3>
            <ul className={grid}>
              {group.products.map((p) => (
                <li key={p.id}>
                  <ProductCard product={p} />
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
