import type { FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
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
  return (
    <form onSubmit={onSubmit} className="space-y-4 pt-2" noValidate>
      <p className="text-sm text-muted-foreground">
        This account signs in with two steps. Open your authenticator app and type the 6-digit code it shows
        for Khelaghor.
      </p>
      <CodeField id="login-totp" label="Authenticator code" value={code} onCode={onCode} />
      <Button type="submit" className="w-full" disabled={busy || code.length !== 6}>
        {busy ? 'Checking…' : 'Verify'}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onCancel} disabled={busy}>
        Use another account
      </Button>
    </form>
  );
}
