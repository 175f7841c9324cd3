import { Gamepad2 } from 'lucide-react';
import { localized } from '../../../shared/i18n/content';
import { useLocale } from '../../../shared/i18n/i18n';
import type { Product } from '../api';

/** The product's image (or a game pad), name and category. */
export function ProductHeader({ product }: { product: Product }) {
  const locale = useLocale();
  return (
    <div className="flex items-center gap-3">
      <div className="h-16 w-16 shrink-0 overflow-hidden rounded-lg bg-muted">
        {product.image_url ? (
          <img src={product.image_url} alt="" width={64} height={64} className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full w-full items-center justify-center" aria-hidden="true">
            <Gamepad2 className="h-8 w-8 text-violet-400" />
          </div>
        )}
      </div>
      <div>
        <h1 className="text-xl font-bold sm:text-2xl">{localized(locale, product.name, product.name_bn)}</h1>
        {product.category && (
          <p className="text-sm text-muted-foreground">
            {localized(locale, product.category, product.category_bn)}
          </p>
        )}
      </div>
    </div>
  );
}
