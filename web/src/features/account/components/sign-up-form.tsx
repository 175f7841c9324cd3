import { Button } from '../../../shared/ui/button';
import { useT } from '../messages';
import { bindField, EMAIL, NEW_PASSWORD, TextField, type AccountFormProps } from './text-field';

export interface SignUpValues {
  fullName: string;
  phone: string;
  email: string;
  password: string;
}

export const emptySignUp: SignUpValues = { fullName: '', phone: '', email: '', password: '' };

export function SignUpForm({ values, onChange, onSubmit, busy }: AccountFormProps<SignUpValues>) {
  const tr = useT();
  const field = bindField(values, onChange);
  return (
    <form onSubmit={onSubmit} className="space-y-4 pt-2" noValidate>
      <TextField
        id="signup-name"
        label={tr('fullName')}
        autoComplete="name"
        required
        {...field('fullName')}
      />
      <TextField
        id="signup-phone"
        label={tr('phone')}
        type="tel"
        digits="phone"
        autoComplete="tel"
        placeholder={tr('phonePlaceholder')}
        {...field('phone')}
      />
      <TextField id="signup-email" label={tr('email')} {...EMAIL} {...field('email')} />
      <TextField
        id="signup-password"
        label={tr('password')}
        {...NEW_PASSWORD}
        minLength={6}
        hint={tr('passwordMin')}
        {...field('password')}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? tr('creatingAccount') : tr('signUp')}
      </Button>
    </form>
  );
}
