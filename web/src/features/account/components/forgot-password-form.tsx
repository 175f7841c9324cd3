import type { FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { CodeField, TextField, ResendOrBack } from './text-field';

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
  return (
    <form onSubmit={onSubmit} className="space-y-4 pt-2" noValidate aria-labelledby="forgot-title">
      <h2 id="forgot-title" className="text-lg font-semibold">
        Reset your password
      </h2>
      <p className="text-sm text-muted-foreground">
        Type the email of your account. We send it a 6-digit code to set a new password.
      </p>
      <TextField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        required
        value={email}
        onValue={onEmail}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Sending…' : 'Send code'}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack} disabled={busy}>
        Back to login
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
  return (
    <form onSubmit={onSubmit} className="space-y-4 pt-2" noValidate aria-labelledby="reset-title">
      <h2 id="reset-title" className="text-lg font-semibold">
        Set a new password
      </h2>
      <p className="text-sm text-muted-foreground">
        If <strong className="break-all text-foreground">{email}</strong> has an account, we sent it a 6-digit
        code. Type it with your new password.
      </p>
      <CodeField
        id="reset-code"
        label="Reset code"
        value={values.code}
        onCode={(code) => onChange({ ...values, code })}
      />
      <TextField
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint="Password must be at least 6 characters long"
        value={values.password}
        onValue={(password) => onChange({ ...values, password })}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Saving…' : 'Set new password'}
      </Button>
      <ResendOrBack onResend={onResend} onBack={onBack} busy={busy} />
    </form>
  );
}
