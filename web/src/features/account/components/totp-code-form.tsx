import type { FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { useT } from '../messages';
import { CodeField } from './text-field';

/** The sign-in's second step for accounts with an authenticator app (admins). */
export function TotpCodeForm({
  code,
  onCode,
  onSubmit,
  onCancel,
  busy,
}: {
  code: string;
  onCode: (code: string) => void;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const tr = useT();
  return (
    <form onSubmit={onSubmit} className="space-y-4 pt-2" noValidate>
      <p className="text-sm text-muted-foreground">{tr('totpIntro')}</p>
      <CodeField id="login-totp" label={tr('authenticatorCode')} value={code} onCode={onCode} />
      <Button type="submit" className="w-full" disabled={busy || code.length !== 6}>
        {busy ? tr('checking') : tr('verify')}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onCancel} disabled={busy}>
        {tr('useAnotherAccount')}
      </Button>
    </form>
  );
}
