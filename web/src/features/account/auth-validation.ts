import { t } from './messages';

/** The auth forms' rules (spec 5): the first problem as the spec's text (in the page's language), or undefined. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateSignIn({ email, password }: { email: string; password: string }): string | undefined {
  if (!email.trim() || !password) return t('fillRequired');
  if (!EMAIL.test(email.trim())) return t('validEmail');
  return undefined;
}

export function validateSignUp(input: {
  fullName: string;
  email: string;
  password: string;
}): string | undefined {
  if (!input.fullName.trim() || !input.email.trim() || !input.password) return t('fillRequired');
  if (!EMAIL.test(input.email.trim())) return t('validEmail');
  if (input.password.length < 6) return t('passwordMin');
  return undefined;
}

/** The email of "Forgot password?". */
export function validateEmail(email: string): string | undefined {
  if (!email.trim()) return t('fillRequired');
  if (!EMAIL.test(email.trim())) return t('validEmail');
  return undefined;
}

/** A code from one of our emails (sign-up, password reset): 6 digits. */
export function validateEmailCode(code: string): string | undefined {
  if (!code) return t('fillRequired');
  if (!/^\d{6}$/.test(code)) return t('enterEmailCode');
  return undefined;
}

/** The reset code and the new password (the spec's sign-up rule). */
export function validateReset(input: { code: string; password: string }): string | undefined {
  if (!input.code || !input.password) return t('fillRequired');
  return validateEmailCode(input.code) ?? (input.password.length < 6 ? t('passwordMin') : undefined);
}
