import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';

/** A labelled input of the sign-in and sign-up forms; `hint` is shown under it and described by it. */
export function TextField({
  id,
  label,
  value,
  onValue,
  hint,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        {...input}
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

/** What the sign-in and sign-up forms take from the auth page. */
export interface AccountFormProps<V> {
  values: V;
  onChange: (values: V) => void;
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
}
