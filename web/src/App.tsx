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

export default function App() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
        <Route path="/grant-admin" element={<GrantAdminPage />} />
        <Route path="/test-admin" element={<TestAdminPage />} />
        <Route path="/dev-admin-tools" element={<DevAdminToolsPage />} />
        <Route path="/auth" element={<AuthPage />} />
        <Route element={<Layout accountMenu={AccountMenu} />}>
          <Route index element={<HomePage />} />
          <Route path="/product/:id" element={<ProductPage />} />
          {/* The payment page checks the session itself: toast 'Please login to continue', then /auth. */}
          <Route path="/payment" element={<PaymentPage />} />
          <Route element={<RequireAuth />}>
            <Route path="/payment-success" element={<PaymentSuccessPage />} />
            <Route path="/my-orders" element={<MyOrdersPage />} />
            <Route path="/my-codes" element={<MyCodesPage />} />
            <Route path="/add-money" element={<AddMoneyPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/reseller" element={<ResellerPage />} />
          </Route>
          <Route path="/payment-failed" element={<PaymentFailedPage />} />
          <Route path="/terms" element={<ShopPage slug="terms" />} />
          <Route path="/privacy" element={<ShopPage slug="privacy" />} />
          <Route path="/refund-policy" element={<ShopPage slug="refund" />} />
          <Route path="/faq" element={<ShopPage slug="faq" />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
