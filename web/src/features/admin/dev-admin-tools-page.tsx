import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../shared/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../shared/ui/card';
import { Input } from '../../shared/ui/input';
import { call } from '../../shared/api/client';
import { AdminGuard } from './admin-guard';
import { Field } from './components/kit';
import { GrantAdminForm } from './grant-admin-page';
import { notifyError, notifyInvalid } from './lib/notify';
import { t, useT } from './messages';

function CheckAdminForm() {
  const [email, setEmail] = useState('');
  const tr = useT();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return notifyInvalid(t('enterEmail'));
    setPending(true);
    setResult(null);
    try {
      const res = await call('adminCheckAdmin', { query: { email: email.trim() } });
      // The server's English sentence, said in the page's language from what it found.
      const message = !res.found
        ? t('userNotFoundWithEmail', { email: res.email })
        : t(res.is_admin ? 'hasAdminAccess' : 'noAdminAccess', { email: res.email });
      setResult({ ok: res.found && res.is_admin, message });
    } catch (error) {
      notifyError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      <Field id="check-email" label={tr('colEmail')}>
        <Input
          id="check-email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? tr('checking') : tr('checkAdminAccess')}
      </Button>
      {result && (
        <p
          role="status"
          className={`rounded-md border p-3 text-sm ${result.ok ? 'border-green-300 bg-green-50 text-green-800' : 'border-red-300 bg-red-50 text-red-800'}`}
        >
          {result.message}
        </p>
      )}
    </form>
  );
}

function DevAdminTools() {
  const navigate = useNavigate();
  const tr = useT();
  return (
    <div className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 p-4">
      <h1 className="text-2xl font-bold">{tr('devAdminTools')}</h1>
      <Card>
        <CardHeader>
          <CardTitle>{tr('grantAdminAccess')}</CardTitle>
          <CardDescription>{tr('grantAdminAccessDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <GrantAdminForm onGranted={() => undefined} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{tr('checkAdminAccess')}</CardTitle>
        </CardHeader>
        <CardContent>
          <CheckAdminForm />
        </CardContent>
      </Card>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => navigate('/admin')}>{tr('goToDashboard')}</Button>
        <Button variant="outline" onClick={() => navigate('/')}>
          {tr('backToHome')}
        </Button>
      </div>
    </div>
  );
}

export default function DevAdminToolsPage() {
  return (
    <AdminGuard>
      <DevAdminTools />
    </AdminGuard>
  );
}
