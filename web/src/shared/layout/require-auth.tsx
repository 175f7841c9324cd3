import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/auth';
import { signInState } from '../auth/return-path';
import { PageSpinner } from './page-spinner';

/** Protected customer pages: no session (also after sign-out) sends the visitor to /auth. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to="/auth" replace state={signInState(location.pathname + location.search)} />;
  return <Outlet />;
}
