import type { CatalogProduct } from '@khelaghor/contract/schemas/catalog';
import { useState } from 'react';
import { cn } from '../../../shared/lib/utils';
import { ProductCard, ProductCardSkeleton } from './product-card';

const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5';

/** Groups by category (products without one go last, under 'Other Products'). */
export function groupByCategory(products: CatalogProduct[]): Array<{ title: string; products: CatalogProduct[] }> {
  const groups = new Map<string, CatalogProduct[]>();
  const other: CatalogProduct[] = [];
  for (const p of products) {
    const category = p.category?.trim();
    if (!category) other.push(p);
    else groups.set(category, [...(groups.get(category) ?? []), p]);
  }
  const out = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([title, items]) => ({ title: title.toUpperCase(), products: items }));
  if (other.length) out.push({ title: 'Other Products', products: other });
  return out;
}

export function ProductSection({ products, loading }: { products: CatalogProduct[]; loading?: boolean }) {
  const [view, setView] = useState<'all' | 'category'>('category');

  return (
    <section id="products" aria-labelledby="products-heading" className="scroll-mt-16">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="products-heading" className="text-xl font-bold">
          Products
        </h2>
        <div role="group" aria-label="Product view" className="inline-flex rounded-md bg-muted p-1">
          {(
            [
              ['all', 'All Products'],
              ['category', 'By Category'],
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

      {loading ? (
        <div className={cn(grid, 'mt-4')}>
          {Array.from({ length: 10 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : products.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          No products available at the moment
        </p>
      ) : view === 'all' ? (
        <ul className={cn(grid, 'mt-4')}>
          {products.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} />
            </li>
          ))}
        </ul>
      ) : (
        groupByCategory(products).map((group) => (
          <div key={group.title} className="mt-4 sm:mt-6">
            <h3 className="mb-3 border-l-4 border-primary pl-2 text-base font-bold tracking-wide">{group.title}</h3>
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
