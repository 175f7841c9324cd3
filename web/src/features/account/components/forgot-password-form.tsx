import { Trans } from '../../../shared/i18n/trans';
import type { FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { id, useT } from '../messages';
import { bindField, CodeField, EMAIL, NEW_PASSWORD, ResendOrBack, TextField } from './text-field';

/** "Forgot password?", step 1: the account's email (the answer is the same for any address). */
export function ForgotPasswordForm({
  email,
  onEmail,
  onSubmit,
  onBack,
  busy,
}: {
  email: string;
  onEmail: (email: string) => void;
  onSubmit: (e: FormEvent) => void;
  onBack: () => void;
  busy: boolean;
}) {
  const tr = useT();
  return (
    <form onSubmit={onSubmit} className="space-y-4 pt-2" noValidate aria-labelledby="forgot-title">
      <h2 id="forgot-title" className="text-lg font-semibold">
        {tr('resetTitle')}
      </h2>
      <p className="text-sm text-muted-foreground">{tr('resetIntro')}</p>
      <TextField id="forgot-email" label={tr('email')} {...EMAIL} autoFocus value={email} onValue={onEmail} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? tr('sending') : tr('sendCode')}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack} disabled={busy}>
        {tr('backToLogin')}
      </Button>
    </form>
  );
}

export interface ResetValues {
  code: string;
  password: string;
}

/** Step 2: the emailed code and the new password. */
export function ResetPasswordForm({
  email,
  values,
  onChange,
  onSubmit,
  onResend,
  onBack,
  busy,
}: {
  email: string;
  values: ResetValues;
  onChange: (values: ResetValues) => void;
  onSubmit: (e: FormEvent) => void;
  onResend: () => void;
  onBack: () => void;
  busy: boolean;
}) {
  const tr = useT();
  return (
    <form onSubmit={onSubmit} className="space-y-4 pt-2" noValidate aria-labelledby="reset-title">
      <h2 id="reset-title" className="text-lg font-semibold">
        {tr('setNewTitle')}
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans
          id={id('resetSent')}
          values={{ email }}
          components={{ 0: <strong className="break-all text-foreground" /> }}
        />
      </p>
      <CodeField
        id="reset-code"
        label={tr('resetCode')}
        value={values.code}
        onCode={(code) => onChange({ ...values, code })}
      />
      <TextField
        id="reset-password"
        label={tr('newPassword')}
        {...NEW_PASSWORD}
        hint={tr('passwordMin')}
        {...bindField(values, onChange)('password')}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? tr('saving') : tr('setNewPassword')}
      </Button>
      <ResendOrBack onResend={onResend} onBack={onBack} busy={busy} />
    </form>
  );
}
