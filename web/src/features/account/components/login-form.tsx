import { Button } from '../../../shared/ui/button';
import { useT } from '../messages';
import { bindField, EMAIL, PASSWORD, TextField, type AccountFormProps } from './text-field';

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
  const tr = useT();
  const field = bindField(values, onChange);
  return (
    <form onSubmit={onSubmit} className="space-y-4 pt-2" noValidate>
      <TextField id="login-email" label={tr('email')} {...EMAIL} {...field('email')} />
      <TextField id="login-password" label={tr('password')} {...PASSWORD} {...field('password')} />
      {onForgot && (
        <div className="-mt-2 flex justify-end">
          <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={onForgot}>
            {tr('forgotPassword')}
          </Button>
        </div>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? tr('loggingIn') : tr('login')}
      </Button>
    </form>
  );
}
