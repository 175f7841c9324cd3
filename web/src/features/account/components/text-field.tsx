import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import { Button } from '../../../shared/ui/button';
import { DigitInput, type DigitKind } from '../../../shared/ui/digit-input';
import { Label } from '../../../shared/ui/label';
import { useT } from '../messages';

/** A labelled input of the sign-in and sign-up forms; `hint` is shown under it and described by it. */
export function TextField({
  id,
  label,
  value,
  onValue,
  hint,
  digits,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: ReactNode;
  /** A field that holds digits: Bangla digits become ASCII as typed, letters refused. */
  digits?: DigitKind;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <DigitInput
        id={id}
        {...input}
        digits={digits}
        {...(hint ? { 'aria-describedby': `${id}-hint` } : {})}
        value={value}
        onChange={(e) => onValue(e.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The input attributes of each kind of account field (what the browser's autofill goes by). */
export const EMAIL = { type: 'email', autoComplete: 'email', required: true } as const;
export const PASSWORD = { type: 'password', autoComplete: 'current-password', required: true } as const;
export const NEW_PASSWORD = { type: 'password', autoComplete: 'new-password', required: true } as const;

/** A TextField's `value` and `onValue` bound to one key of a form's values. */
export function bindField<V extends object>(values: V, onChange: (values: V) => void) {
  return <K extends keyof V & string>(key: K) => ({
    value: String(values[key]),
    onValue: (value: string) => onChange({ ...values, [key]: value }),
  });
}

/** A 6-digit code from an email or an authenticator app: digits only, at most 6. */
export function CodeField({
  id,
  label,
  value,
  onCode,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onCode: (code: string) => void;
  hint?: ReactNode;
}) {
  return (
    <TextField
      id={id}
      label={label}
      digits="digits"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      autoFocus
      required
      hint={hint}
      value={value}
      onValue={(typed) => onCode(typed.slice(0, 6))}
    />
  );
}

/** Under a form that waits for an emailed code: ask for a new one, or go back to Login. */
export function ResendOrBack({
  onResend,
  onBack,
  busy,
}: {
  onResend: () => void;
  onBack: () => void;
  busy: boolean;
}) {
  const tr = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <Button type="button" variant="outline" onClick={onResend} disabled={busy}>
        {tr('resendCode')}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack} disabled={busy}>
        {tr('backToLogin')}
      </Button>
    </div>
  );
}

/** What the sign-in and sign-up forms take from the auth page. */
export interface AccountFormProps<V> {
  values: V;
  onChange: (values: V) => void;
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
}
