import { Gamepad2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CatalogProduct } from '@khelaghor/contract/schemas/catalog';
import { localized } from '../../../shared/i18n/content';
import { useFormat } from '../../../shared/i18n/format';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useT } from '../messages';

export function ProductCard({ product }: { product: CatalogProduct }) {
  const t = useT();
  const { locale, money } = useFormat();
  const from = product.variants[0]?.price;
  const name = localized(locale, product.name, product.name_bn);
  return (
    <Link
      to={`/product/${product.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="aspect-square w-full overflow-hidden bg-muted">
        {product.image_url ? (
          <img
            src={product.image_url}
            alt=""
            loading="lazy"
            width={300}
            height={300}
            className="h-full w-full object-cover transition-transform group-hover:scale-105"
          />
        ) : (
          <div
            className="flex h-full w-full items-center justify-center bg-gradient-to-br from-violet-100 to-slate-200"
            aria-hidden="true"
          >
            <Gamepad2 className="h-12 w-12 text-violet-400" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col p-3">
        <h3 className="line-clamp-2 text-sm font-semibold">{name}</h3>
        {product.category && (
          <p className="mt-0.5 text-xs text-muted-foreground">
            {localized(locale, product.category, product.category_bn)}
          </p>
        )}
        <div className="mt-auto pt-2 text-xs">
          {product.stock === 0 ? (
            <p className="font-semibold text-red-700">{t('outOfStock')}</p>
          ) : from !== undefined ? (
            <p className="font-semibold text-primary">{t('fromPrice', { price: money(from) })}</p>
          ) : null}
        </div>
      </div>
    </Link>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-lg border bg-card">
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="space-y-2 p-3">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-3 w-1/3" />
      </div>
    </div>
  );
}
