import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useAuth } from '../../shared/auth/auth';

export const ADMIN_REQUIRED = 'Admin access required';

function Denied() {
  useEffect(() => {
    // A fixed id: strict mode and re-renders must not stack two toasts.
    toast.error(ADMIN_REQUIRED, { id: 'admin-required', description: 'Your account is not an admin.' });
  }, []);
  return <Navigate to="/" replace />;
}

/**
 * Admin pages render their children (which make the admin API calls) only for members of the
 * Cognito group 'admin'. No session: /auth. Signed in without the group: / with a toast.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-muted-foreground" role="status">
        Loading…
      </div>
    );
  }
  if (!user) return <Navigate to="/auth" replace />;
  if (!user.isAdmin) return <Denied />;
  return <>{children}</>;
}
