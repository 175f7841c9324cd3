import type { FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';

export interface LoginValues {
  email: string;
  password: string;
}

export function LoginForm({
  values,
  onChange,
  onSubmit,
  busy,
}: {
  values: LoginValues;
  onChange: (values: LoginValues) => void;
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
}) {
  return (
    <form onSubmit={onSubmit} className="space-y-4 pt-2" noValidate>
      <div className="space-y-2">
        <Label htmlFor="login-email">Email</Label>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => onChange({ ...values, email: e.target.value })}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="login-password">Password</Label>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(e) => onChange({ ...values, password: e.target.value })}
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Logging in…' : 'Login'}
      </Button>
    </form>
  );
}
