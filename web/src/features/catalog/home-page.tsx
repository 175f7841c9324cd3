import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { HeroBanner } from './components/hero-banner';
import { ProductSection } from './components/product-section';
import { toast } from '../../shared/ui/sonner';
import { errorMessage } from '../../shared/api/client';
import { useSeo } from '../../shared/lib/seo';
import { useBrandName, useSite } from '../../shared/api/site';
import { catalogQuery } from './api';
import { useSearchQuery } from './hooks/use-search-query';
import { t, useT } from './messages';

const HomeMore = lazy(() => import('./components/home-more'));
// Radix dialog only when there is something to announce.
const AnnouncementPopup = lazy(() => import('./components/announcement-popup'));

export default function HomePage() {
  useSeo();
  const tr = useT();
  const [query, setQuery] = useSearchQuery();
  const site = useSite();
  const catalog = useQuery(catalogQuery);
  // The product grid is the heaviest render: when the catalogue arrives it renders in the
  // background (interruptible) instead of one long task that blocks taps.
  const products = useDeferredValue(catalog.data?.products);
  const brand = useBrandName();
  const announcement = site.data?.announcement;

  useEffect(() => {
    if (catalog.error) toast.error(t('error'), { description: errorMessage(catalog.error) });
  }, [catalog.error]);

  // The games come right after a compact banner: on a 360x640 phone the first product card is on the
  // first screen (bench: 'first product card top at 360x640'); tiles and community links follow them.
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="sr-only">{tr('homeHeading', { brand })}</h1>
      <HeroBanner slides={site.data?.slides ?? []} loading={site.isPending} />
      <ProductSection
        products={products ?? []}
        loading={!products && !catalog.error}
        query={query}
        onQueryChange={setQuery}
      />
      {/* Below the games: its own chunk, so the first screen's JavaScript stays small. */}
      <Suspense fallback={null}>
        <HomeMore />
      </Suspense>
      {announcement && (
        <Suspense fallback={null}>
          <AnnouncementPopup {...announcement} />
        </Suspense>
      )}
    </div>
  );
}
