import { Button } from '../../../shared/ui/button';
import { TextField, type AccountFormProps } from './text-field';

export interface SignUpValues {
  fullName: string;
  phone: string;
  email: string;
  password: string;
}

export const emptySignUp: SignUpValues = { fullName: '', phone: '', email: '', password: '' };

export function SignUpForm({ values, onChange, onSubmit, busy }: AccountFormProps<SignUpValues>) {
  return (
    <form onSubmit={onSubmit} className="space-y-4 pt-2" noValidate>
      <TextField
        id="signup-name"
        label="Full Name"
        autoComplete="name"
        required
        value={values.fullName}
        onValue={(fullName) => onChange({ ...values, fullName })}
      />
      <TextField
        id="signup-phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="01XXXXXXXXX (optional)"
        value={values.phone}
        onValue={(phone) => onChange({ ...values, phone })}
      />
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onValue={(email) => onChange({ ...values, email })}
      />
      <TextField
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={6}
        hint="Password must be at least 6 characters long"
        value={values.password}
        onValue={(password) => onChange({ ...values, password })}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Creating account…' : 'Sign Up'}
      </Button>
    </form>
  );
}
