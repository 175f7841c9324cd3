import { SPA_PATHS } from '@khelaghor/contract/spa-routes';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './shared/layout/layout';
import { RequireAuth } from './shared/layout/require-auth';
import { PageSpinner } from './shared/layout/page-spinner';
import { preloadableLazy } from './shared/lib/preloadable-lazy';
import HomePage from './features/catalog/home-page';

// Everything but the home page loads on demand, so the first visit downloads the least.
const AuthPage = lazy(() => import('./features/account/auth-page'));
const ProductPage = preloadableLazy(() => import('./features/catalog/product-page'));
const PaymentPage = lazy(() => import('./features/checkout/payment-page'));
const PaymentSuccessPage = lazy(() => import('./features/checkout/payment-success-page'));
const PaymentFailedPage = lazy(() => import('./features/checkout/payment-failed-page'));
const MyOrdersPage = lazy(() => import('./features/orders/my-orders-page'));
const MyCodesPage = lazy(() => import('./features/orders/my-codes-page'));
const AddMoneyPage = lazy(() => import('./features/wallet/add-money-page'));
// /profile: the account's page with the wallet's cards (composed here: features do not import each other).
const ProfilePage = lazy(() => import('./profile-route'));
const ResellerPage = lazy(() => import('./features/resellers/reseller-page'));
const ShopPage = lazy(() => import('./features/pages/shop-page'));
const NotFoundPage = lazy(() => import('./shared/layout/not-found-page'));

// The account menu (radix + floating-ui) is only for signed-in users: its own chunk.
const AccountMenu = lazy(() => import('./features/account/components/account-menu'));

// The admin dashboard is its own chunk; customers never download it.
const AdminApp = lazy(() => import('./features/admin/admin-app'));
const GrantAdminPage = lazy(() => import('./features/admin/grant-admin-page'));
const TestAdminPage = lazy(() => import('./features/admin/test-admin-page'));
const DevAdminToolsPage = lazy(() => import('./features/admin/dev-admin-tools-page'));

/** The product page's code, loaded before the first render on a product page (main.tsx). */
export const preloadProductPage = () => ProductPage.preload();

/**
 * Every page's path comes from the contract's list (the edge answers 404 for any other path, and
 * test/spa-routes.test.ts holds this file to it); '*' is the SPA's own 404 page.
 */
export default function App() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path={SPA_PATHS.admin} element={<AdminApp />} />
        <Route path={SPA_PATHS.grantAdmin} element={<GrantAdminPage />} />
        <Route path={SPA_PATHS.testAdmin} element={<TestAdminPage />} />
        <Route path={SPA_PATHS.devAdminTools} element={<DevAdminToolsPage />} />
        <Route path={SPA_PATHS.auth} element={<AuthPage />} />
        <Route element={<Layout accountMenu={AccountMenu} />}>
          <Route index element={<HomePage />} />
          <Route path={SPA_PATHS.product} element={<ProductPage />} />
          {/* The payment page checks the session itself: toast 'Please login to continue', then /auth. */}
          <Route path={SPA_PATHS.payment} element={<PaymentPage />} />
          <Route element={<RequireAuth />}>
            <Route path={SPA_PATHS.paymentSuccess} element={<PaymentSuccessPage />} />
            <Route path={SPA_PATHS.myOrders} element={<MyOrdersPage />} />
            <Route path={SPA_PATHS.myCodes} element={<MyCodesPage />} />
            <Route path={SPA_PATHS.addMoney} element={<AddMoneyPage />} />
            <Route path={SPA_PATHS.profile} element={<ProfilePage />} />
            <Route path={SPA_PATHS.reseller} element={<ResellerPage />} />
          </Route>
          <Route path={SPA_PATHS.paymentFailed} element={<PaymentFailedPage />} />
          <Route path={SPA_PATHS.terms} element={<ShopPage slug="terms" />} />
          <Route path={SPA_PATHS.privacy} element={<ShopPage slug="privacy" />} />
          <Route path={SPA_PATHS.refundPolicy} element={<ShopPage slug="refund" />} />
          <Route path={SPA_PATHS.faq} element={<ShopPage slug="faq" />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
