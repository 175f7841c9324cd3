import { Button } from '../../../shared/ui/button';
import { useT } from '../messages';
import { TextField, type AccountFormProps } from './text-field';

export interface SignUpValues {
  fullName: string;
  phone: string;
  email: string;
  password: string;
}

export const emptySignUp: SignUpValues = { fullName: '', phone: '', email: '', password: '' };

export function SignUpForm({ values, onChange, onSubmit, busy }: AccountFormProps<SignUpValues>) {
  const tr = useT();
  return (
    <form onSubmit={onSubmit} className="space-y-4 pt-2" noValidate>
      <TextField
        id="signup-name"
        label={tr('fullName')}
        autoComplete="name"
        required
        value={values.fullName}
        onValue={(fullName) => onChange({ ...values, fullName })}
      />
      <TextField
        id="signup-phone"
        label={tr('phone')}
        type="tel"
        autoComplete="tel"
        placeholder={tr('phonePlaceholder')}
        value={values.phone}
        onValue={(phone) => onChange({ ...values, phone })}
      />
      <TextField
        id="signup-email"
        label={tr('email')}
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onValue={(email) => onChange({ ...values, email })}
      />
      <TextField
        id="signup-password"
        label={tr('password')}
        type="password"
        autoComplete="new-password"
        required
        minLength={6}
        hint={tr('passwordMin')}
        value={values.password}
        onValue={(password) => onChange({ ...values, password })}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? tr('creatingAccount') : tr('signUp')}
      </Button>
    </form>
  );
}
