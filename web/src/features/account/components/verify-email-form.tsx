import { Trans } from '../../../shared/i18n/trans';
import type { FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { id, useT } from '../messages';
import { CodeField, ResendOrBack } from './text-field';

/**
 * The sign-up's second step: the 6-digit code Cognito emailed. Shown after Sign Up, and after a
 * login with the right password on an account whose email was never verified.
 */
export function VerifyEmailForm({
  email,
  code,
  afterLogin,
  onCode,
  onSubmit,
  onResend,
  onBack,
  busy,
}: {
  email: string;
  code: string;
  /** Opened by a login (not right after Sign Up): the first code may be long gone. */
  afterLogin?: boolean;
  onCode: (code: string) => void;
  onSubmit: (e: FormEvent) => void;
  onResend: () => void;
  onBack: () => void;
  busy: boolean;
}) {
  const tr = useT();
  return (
    <form onSubmit={onSubmit} className="space-y-4 pt-2" noValidate aria-labelledby="verify-email-title">
      <h2 id="verify-email-title" className="text-lg font-semibold">
        {tr('verifyTitle')}
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans
          id={id(afterLogin ? 'verifySentAfterLogin' : 'verifySent')}
          values={{ email }}
          components={{ 0: <strong className="break-all text-foreground" /> }}
        />
      </p>
      <CodeField
        id="verify-code"
        label={tr('verificationCode')}
        hint={tr('notThere')}
        value={code}
        onCode={onCode}
      />
      <Button type="submit" className="w-full" disabled={busy || code.length !== 6}>
        {busy ? tr('verifying') : tr('verifyEmail')}
      </Button>
      <ResendOrBack onResend={onResend} onBack={onBack} busy={busy} />
    </form>
  );
}
