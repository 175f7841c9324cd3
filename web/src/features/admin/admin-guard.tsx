import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useAuth } from '../../shared/auth/auth';
import { t, useT } from './messages';

function Denied() {
  useEffect(() => {
    // A fixed id: strict mode and re-renders must not stack two toasts.
    toast.error(t('adminRequired'), { id: 'admin-required', description: t('notAnAdmin') });
  }, []);
  return <Navigate to="/" replace />;
}

/**
 * Admin pages render their children (which make the admin API calls) only for members of the
 * Cognito group 'admin'. No session: /auth. Signed in without the group: / with a toast.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const tr = useT();
  if (loading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-muted-foreground" role="status">
        {tr('loading')}
      </div>
    );
  }
  if (!user) return <Navigate to="/auth" replace />;
  if (!user.isAdmin) return <Denied />;
  return <>{children}</>;
}
