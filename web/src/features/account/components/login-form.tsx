import { Button } from '../../../shared/ui/button';
import { TextField, type AccountFormProps } from './text-field';

export interface LoginValues {
  email: string;
  password: string;
}

export function LoginForm({
  values,
  onChange,
  onSubmit,
  busy,
  onForgot,
}: AccountFormProps<LoginValues> & { onForgot?: () => void }) {
  return (
    <form onSubmit={onSubmit} className="space-y-4 pt-2" noValidate>
      <TextField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onValue={(email) => onChange({ ...values, email })}
      />
      <TextField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onValue={(password) => onChange({ ...values, password })}
      />
      {onForgot && (
        <div className="-mt-2 flex justify-end">
          <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={onForgot}>
            Forgot password?
          </Button>
        </div>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Logging in…' : 'Login'}
      </Button>
    </form>
  );
}
