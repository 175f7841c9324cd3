import type { FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';

export interface SignUpValues {
  fullName: string;
  phone: string;
  email: string;
  password: string;
}

export const emptySignUp: SignUpValues = { fullName: '', phone: '', email: '', password: '' };

export function SignUpForm({
  values,
  onChange,
  onSubmit,
  busy,
}: {
  values: SignUpValues;
  onChange: (values: SignUpValues) => void;
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
}) {
  return (
    <form onSubmit={onSubmit} className="space-y-4 pt-2" noValidate>
      <div className="space-y-2">
        <Label htmlFor="signup-name">Full Name</Label>
        <Input
          id="signup-name"
          autoComplete="name"
          required
          value={values.fullName}
          onChange={(e) => onChange({ ...values, fullName: e.target.value })}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="signup-phone">Phone</Label>
        <Input
          id="signup-phone"
          type="tel"
          autoComplete="tel"
          placeholder="01XXXXXXXXX (optional)"
          value={values.phone}
          onChange={(e) => onChange({ ...values, phone: e.target.value })}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="signup-email">Email</Label>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => onChange({ ...values, email: e.target.value })}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="signup-password">Password</Label>
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          aria-describedby="signup-password-hint"
          value={values.password}
          onChange={(e) => onChange({ ...values, password: e.target.value })}
        />
        <p id="signup-password-hint" className="text-xs text-muted-foreground">
          Password must be at least 6 characters long
        </p>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Creating account…' : 'Sign Up'}
      </Button>
    </form>
  );
}
