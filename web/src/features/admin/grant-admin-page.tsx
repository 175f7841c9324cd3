import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../shared/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../shared/ui/card';
import { Input } from '../../shared/ui/input';
import { ApiError, call } from '../../shared/api/client';
import { AdminGuard } from './admin-guard';
import { useConfirm } from './components/confirm-dialog';
import { Field } from './components/kit';
import { notifyError, notifyInvalid } from './lib/notify';
import { t, useT } from './messages';

const REDIRECT_AFTER_GRANT_MS = 2000;

/**
 * Toast for a failed grant: the spec's 'Already Admin: This user already has admin privileges' as
 * title and text (in the page's language), else the server's message ('User not found with this email').
 */
export function notifyGrantError(error: unknown): void {
  if (error instanceof ApiError && error.reason === 'already_admin') {
    toast.error(t('alreadyAdmin'), { description: t('alreadyAdminDescription') });
    return;
  }
  notifyError(error);
}

export function GrantAdminForm({ onGranted }: { onGranted: () => void }) {
  const [email, setEmail] = useState('');
  const tr = useT();
  const [pending, setPending] = useState(false);
  const confirm = useConfirm();
  // The role takes effect at once: the admin confirms whom it goes to first.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return notifyInvalid(t('enterEmail'));
    confirm.ask({
      title: t('confirmMakeAdminTitle'),
      description: t('confirmMakeAdmin', { email: email.trim() }),
      confirmText: t('grantAdminRole'),
      destructive: false,
      onConfirm: () => void grant(),
    });
  };
  const grant = async () => {
    setPending(true);
    try {
      await call('adminGrantAdminByEmail', { body: { email: email.trim() } });
      toast.success(t('adminGranted'), { description: t('nowAnAdmin', { email: email.trim() }) });
      setEmail('');
      onGranted();
    } catch (error) {
      notifyGrantError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Field id="grant-email" label={tr('colEmail')}>
          <Input
            id="grant-email"
            type="email"
            autoComplete="off"
            placeholder="user@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Button type="submit" disabled={pending}>
          <ShieldCheck aria-hidden="true" /> {pending ? tr('granting') : tr('grantAdminRole')}
        </Button>
      </form>
      {confirm.dialog}
    </>
  );
}

function GrantAdmin() {
  const navigate = useNavigate();
  const tr = useT();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 p-4">
      <Card>
        <CardHeader>
          <CardTitle>{tr('grantAdminRole')}</CardTitle>
          <CardDescription>{tr('grantAdminRoleDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <GrantAdminForm
            onGranted={() => (timer.current = setTimeout(() => navigate('/admin'), REDIRECT_AFTER_GRANT_MS))}
          />
          <Button variant="outline" onClick={() => navigate('/')}>
            <ArrowLeft aria-hidden="true" /> {tr('backToHome')}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

export default function GrantAdminPage() {
  return (
    <AdminGuard>
      <GrantAdmin />
    </AdminGuard>
  );
}
