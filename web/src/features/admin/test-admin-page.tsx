import { fetchAuthSession } from 'aws-amplify/auth';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Button } from '../../shared/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../shared/ui/card';
import { useAuth } from '../../shared/auth/auth';
import { useT } from './messages';

/** Shows the signed-in user's own token claims and groups as raw data (no admin API call). */
export default function TestAdminPage() {
  const { user, loading, refresh } = useAuth();
  const navigate = useNavigate();
  const tr = useT();
  const [claims, setClaims] = useState<Record<string, unknown> | null>(null);

  useEffect(() => {
    if (!user) return;
    let alive = true;
    void fetchAuthSession()
      .then((s) => alive && setClaims((s.tokens?.idToken?.payload as Record<string, unknown>) ?? null))
      .catch(() => alive && setClaims(null));
    return () => {
      alive = false;
    };
  }, [user]);

  if (loading)
    return (
      <p role="status" className="p-6">
        {tr('loading')}
      </p>
    );
  if (!user) return <Navigate to="/auth" replace />;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-bold">{tr('testAdmin')}</h1>
      <Card>
        <CardHeader>
          <CardTitle>{tr('sessionUser')}</CardTitle>
        </CardHeader>
        <CardContent>
          <pre className="overflow-x-auto rounded bg-muted p-3 text-xs" data-testid="session-user">
            {JSON.stringify({ id: user.userId, email: user.email, is_admin: user.isAdmin }, null, 2)}
          </pre>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{tr('roleRows')}</CardTitle>
        </CardHeader>
        <CardContent>
          <pre className="overflow-x-auto rounded bg-muted p-3 text-xs" data-testid="role-rows">
            {JSON.stringify(
              user.groups.map((role) => ({ user_id: user.userId, role })),
              null,
              2,
            )}
          </pre>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{tr('tokenClaims')}</CardTitle>
        </CardHeader>
        <CardContent>
          <pre className="max-h-80 overflow-auto rounded bg-muted p-3 text-xs">
            {claims ? JSON.stringify(claims, null, 2) : '…'}
          </pre>
        </CardContent>
      </Card>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => navigate('/admin')}>{tr('goToDashboard')}</Button>
        <Button variant="outline" onClick={() => navigate('/')}>
          {tr('backToHome')}
        </Button>
        <Button variant="ghost" onClick={() => void refresh(true)}>
          {tr('refreshToken')}
        </Button>
      </div>
    </div>
  );
}
