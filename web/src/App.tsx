import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './components/layout/layout';
import { RequireAuth } from './components/layout/require-auth';
import { PageSpinner } from './components/layout/page-spinner';
import HomePage from './pages/home-page';

// Everything but the home page loads on demand, so the first visit downloads the least.
const AuthPage = lazy(() => import('./pages/auth-page'));
const ProductPage = lazy(() => import('./pages/product-page'));
const PaymentPage = lazy(() => import('./pages/payment-page'));
const PaymentSuccessPage = lazy(() => import('./pages/payment-success-page'));
const PaymentFailedPage = lazy(() => import('./pages/payment-failed-page'));
const MyOrdersPage = lazy(() => import('./pages/my-orders-page'));
const MyCodesPage = lazy(() => import('./pages/my-codes-page'));
const AddMoneyPage = lazy(() => import('./pages/add-money-page'));
const ProfilePage = lazy(() => import('./pages/profile-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

// The admin dashboard is its own chunk; customers never download it.
const AdminApp = lazy(() => import('./admin/admin-app'));
const GrantAdminPage = lazy(() => import('./admin/grant-admin-page'));
const TestAdminPage = lazy(() => import('./admin/test-admin-page'));
const DevAdminToolsPage = lazy(() => import('./admin/dev-admin-tools-page'));

export default function App() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
        <Route path="/grant-admin" element={<GrantAdminPage />} />
        <Route path="/test-admin" element={<TestAdminPage />} />
        <Route path="/dev-admin-tools" element={<DevAdminToolsPage />} />
        <Route path="/auth" element={<AuthPage />} />
        <Route element={<Layout />}>
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
          </Route>
          <Route path="/payment-failed" element={<PaymentFailedPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
