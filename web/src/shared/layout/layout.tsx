import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Header, type AccountMenuComponent } from './header';
import { MobileNav } from './mobile-nav';
import { useT } from './messages';
import { PageSpinner } from './page-spinner';

// Below every page's fold: its own chunk, so the first screen's JavaScript stays small.
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

/** The storefront frame. The app passes in the account menu (a feature), so shared/ imports no feature. */
export function Layout({ accountMenu }: { accountMenu?: AccountMenuComponent }) {
  const t = useT();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      <Header accountMenu={accountMenu} />
      <main id="main" className="flex-1 pb-20 md:pb-0">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <MobileNav />
    </div>
  );
}
